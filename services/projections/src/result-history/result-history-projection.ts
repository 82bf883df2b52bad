import type { ActivityType, TestEvent } from '@testament/contracts';
import { projection, type DocumentKey, type EventOf, type ProjectionView } from '../runner/projection.ts';
import { writable } from '../runner/writable.ts';
import { STATUSES, type StatusDocument } from '../statuses/statuses-projection.ts';
import {
  CASE_CHANGES,
  CASE_TESTS,
  isCaseChange,
  RESULT_EVENTS,
  RESULTS,
  TESTS,
  type CaseChange,
  type CaseChangeEvent,
  type CaseTestsDocument,
  type ResultDocument,
  type TestDocument,
} from '../tests/test-document.ts';
import type { Document } from '@testament/infra';
import {
  HISTORY_DAYS,
  HISTORY_LAST_DAYS,
  historyDayId,
  lastDaysId,
  monthOf,
  PLAN_HISTORY,
  RESULT_ACTIVITY,
  TEST_HISTORY,
  type ActivityRowDocument,
  type HistoryDayDocument,
  type HistoryScope,
  type LastDaysDocument,
  type PlanHistoryDocument,
  type TestHistoryDocument,
} from './history-documents.ts';

type Event = EventOf<TestEvent>;
type ResultFacts = Pick<ResultDocument, 'createdAt' | 'status' | 'isArchive' | 'isDeleted'>;
type TestFacts = Pick<TestDocument, 'planId' | 'isArchive' | 'isDeleted' | 'labelIds'>;

const TEST_EVENTS = new Set<TestEvent['type']>([
  'TestMoved',
  'TestArchived',
  'TestUnarchived',
  'TestDeleted',
  'TestRecovered',
  'TestRemoved',
]);
type ResultEvent = Extract<Event, { type: 'ResultAdded' | 'ResultEdited' | 'ResultDeleted' }>;
const isResultEvent = (event: Event): event is ResultEvent => RESULT_EVENTS.has(event.type);

/**
 * Where a result counts in the histogram: its test's plan and labels, day and its status, archived or not; nowhere when it or its test is
 * deleted.
 */
interface Counted {
  planId: number;
  /** Each once, in order. */
  labelIds: readonly number[];
  day: string;
  status: number;
  archived: boolean;
}

const labelsOf = (test: Pick<TestDocument, 'labelIds'>): number[] => [...new Set(test.labelIds)].sort((a, b) => a - b);
const sameLabels = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((labelId, i) => labelId === b[i]);

const dayOf = (time: string) => time.slice(0, 10);

function countedAs(result: ResultFacts | undefined, test: TestFacts | undefined): Counted | undefined {
  if (!result || !test || result.isDeleted || test.isDeleted) return undefined;
  return {
    planId: test.planId,
    labelIds: labelsOf(test),
    day: dayOf(result.createdAt),
    status: result.status,
    archived: result.isArchive || test.isArchive,
  };
}

const sameCount = (a: Counted | undefined, b: Counted | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.planId === b.planId &&
    sameLabels(a.labelIds, b.labelIds) &&
    a.day === b.day &&
    a.status === b.status &&
    a.archived === b.archived);

/** Moves one count in a map the batch owns; a count that reaches zero goes. True when it went. */
function addTo(counts: Record<string, number>, key: string, sign: 1 | -1): boolean {
  const count = (counts[key] ?? 0) + sign;
  if (count !== 0) {
    counts[key] = count;
    return false;
  }
  delete counts[key];
  return true;
}

/** Whether a map has no key. Asked only when a count went: a plan's 90 days walked per result took a rebuild a second. */
function isEmpty(counts: Record<string, number>): boolean {
  for (const _ in counts) return false;
  return true;
}

const copyMap = <T>(map: Record<string, T> | undefined): Record<string, T> => ({ ...map });

/** A map of a document the batch owns, writable for the rest of the batch (see ProjectionView.ownPart). */
function ownMap<K extends string, T>(view: ProjectionView, document: Document & Record<K, Record<string, T>>, field: K): Record<string, T> {
  const map = view.ownPart(document, field, document[field], copyMap<T>);
  (document as Record<K, Record<string, T>>)[field] = map;
  return map;
}

const planHistoryFor = (view: ProjectionView, planId: number, projectId: number) =>
  writable<PlanHistoryDocument>(
    view,
    PLAN_HISTORY,
    planId,
    (stored) => ({ ...stored }),
    () => ({ _id: planId, projectId, rowStatuses: {} }),
  );

const cellFor = (view: ProjectionView, scope: HistoryScope, scopeId: number, projectId: number, day: string) =>
  writable<HistoryDayDocument>(
    view,
    HISTORY_DAYS,
    historyDayId(scope, scopeId, day),
    (stored) => ({ ...stored }),
    () => ({ _id: historyDayId(scope, scopeId, day), scope, scopeId, projectId, day, live: {}, archived: {} }),
  );

/** A cell that counts nothing any more goes. */
function dropIfEmpty(view: ProjectionView, cell: HistoryDayDocument): void {
  if (isEmpty(cell.live) && isEmpty(cell.archived)) view.remove(HISTORY_DAYS, cell._id);
}

const lastDaysFor = (view: ProjectionView, planId: number, projectId: number, day: string) =>
  writable<LastDaysDocument>(
    view,
    HISTORY_LAST_DAYS,
    lastDaysId(planId, day),
    (stored) => ({ ...stored }),
    () => ({ _id: lastDaysId(planId, day), planId, projectId, month: monthOf(day), tests: {} }),
  );

/** One result more or less on its day in a plan's, project's or label's cell. */
function countDay(view: ProjectionView, cell: HistoryDayDocument, counted: Counted, sign: 1 | -1): void {
  if (addTo(ownMap(view, cell, counted.archived ? 'archived' : 'live'), String(counted.status), sign)) dropIfEmpty(view, cell);
}

/** One result more or less in its plan's counts, its project's and its labels'. */
function count(view: ProjectionView, projectId: number, counted: Counted | undefined, sign: 1 | -1): void {
  if (!counted) return;
  countDay(view, cellFor(view, 'plan', counted.planId, projectId, counted.day), counted, sign);
  countDay(view, cellFor(view, 'project', projectId, projectId, counted.day), counted, sign);
  countLabels(view, projectId, counted, sign);
}

function countLabels(view: ProjectionView, projectId: number, counted: Counted | undefined, sign: 1 | -1): void {
  if (!counted) return;
  for (const labelId of counted.labelIds) countDay(view, cellFor(view, 'label', labelId, projectId, counted.day), counted, sign);
}

function recount(view: ProjectionView, projectId: number, before: Counted | undefined, after: Counted | undefined): void {
  if (sameCount(before, after)) return;
  count(view, projectId, before, -1);
  count(view, projectId, after, 1);
}

/**
 * Where a test counts in its plan's `history_last_days`: the day of its newest live result; nowhere while it is archived or deleted, or
 * has none.
 */
interface LastDay {
  planId: number;
  day: string;
}

function lastDayOf(test: TestFacts | undefined, history: TestHistoryDocument): LastDay | undefined {
  if (!test || test.isDeleted || test.isArchive) return undefined;
  let newest: string | undefined;
  for (const day of history.resultDays) if (newest === undefined || day > newest) newest = day;
  return newest === undefined ? undefined : { planId: test.planId, day: newest };
}

function recountLastDay(view: ProjectionView, projectId: number, before: LastDay | undefined, after: LastDay | undefined): void {
  if (before?.planId === after?.planId && before?.day === after?.day) return;
  if (before) {
    const month = lastDaysFor(view, before.planId, projectId, before.day);
    if (addTo(ownMap(view, month, 'tests'), before.day, -1) && isEmpty(month.tests)) view.remove(HISTORY_LAST_DAYS, month._id);
  }
  if (after) addTo(ownMap(view, lastDaysFor(view, after.planId, projectId, after.day), 'tests'), after.day, 1);
}

/** A live row counts under its status in its plan's `rowStatuses` (the activity's status filter). */
function countRow(view: ProjectionView, row: ActivityRowDocument, sign: 1 | -1): void {
  if (!row.live) return;
  addTo(ownMap(view, planHistoryFor(view, row.planId, row.projectId), 'rowStatuses'), String(row.status), sign);
}

function recordRow(
  event: ResultEvent,
  view: ProjectionView,
  test: TestFacts,
  history: TestHistoryDocument,
  type: ActivityType,
  result: Pick<ResultFacts, 'status' | 'isArchive'>,
): void {
  const status = view.get<StatusDocument>(STATUSES, result.status);
  const row: ActivityRowDocument = {
    _id: event.position,
    projectId: event.data.projectId,
    planId: test.planId,
    testId: event.data.testId,
    resultId: event.data.resultId,
    type,
    userId: event.metadata.actorId,
    at: event.metadata.time,
    status: result.status,
    statusName: status?.name ?? String(result.status),
    statusColor: status?.color ?? '',
    isArchive: result.isArchive,
    live: !test.isDeleted,
  };
  view.put(RESULT_ACTIVITY, row);
  countRow(view, row, 1);
  history.rowIds.push(row._id);
}

/** The test's history document, writable for the rest of the batch. */
const testHistoryFor = (view: ProjectionView, testId: number) =>
  writable<TestHistoryDocument>(
    view,
    TEST_HISTORY,
    testId,
    (stored) => ({ ...stored, resultIds: [...stored.resultIds], rowIds: [...stored.rowIds], resultDays: [...stored.resultDays] }),
    () => ({ _id: testId, resultIds: [], rowIds: [], resultDays: [] }),
  );

function applyResultEvent(event: ResultEvent, view: ProjectionView, test: TestDocument): void {
  const { projectId, resultId } = event.data;
  const history = testHistoryFor(view, test._id);
  if (event.type === 'ResultAdded') {
    const added = { createdAt: event.data.createdAt, status: event.data.status, isArchive: event.data.isArchive, isDeleted: false };
    recount(view, projectId, undefined, countedAs(added, test));
    const lastDay = lastDayOf(test, history);
    history.resultDays.push(dayOf(added.createdAt));
    recountLastDay(view, projectId, lastDay, lastDayOf(test, history));
    history.resultIds.push(resultId);
    recordRow(event, view, test, history, '+', added);
    return;
  }
  const before = view.get<ResultDocument>(RESULTS, resultId);
  if (!before) return;
  if (event.type === 'ResultDeleted' && !before.isDeleted) {
    const lastDay = lastDayOf(test, history);
    history.resultDays.splice(history.resultDays.lastIndexOf(dayOf(before.createdAt)), 1);
    recountLastDay(view, projectId, lastDay, lastDayOf(test, history));
  }
  const after =
    event.type === 'ResultEdited'
      ? { ...before, status: event.data.status ?? before.status, isArchive: event.data.isArchive ?? before.isArchive }
      : { ...before, isDeleted: true };
  recount(view, projectId, countedAs(before, test), countedAs(after, test));
  recordRow(event, view, test, history, event.type === 'ResultEdited' ? '~' : '-', event.type === 'ResultEdited' ? after : before);
}

/** A test that moves, is archived, deleted or comes back takes its results' counts and its history rows along. */
function applyTestEvent(event: Event, view: ProjectionView, before: TestDocument): void {
  const history = view.get<TestHistoryDocument>(TEST_HISTORY, before._id);
  if (!history) return;
  const after: TestFacts | undefined =
    event.type === 'TestMoved'
      ? { ...before, planId: event.data.planId }
      : event.type === 'TestArchived'
        ? { ...before, isArchive: true }
        : event.type === 'TestUnarchived'
          ? { ...before, isArchive: false }
          : event.type === 'TestDeleted'
            ? { ...before, isDeleted: true }
            : event.type === 'TestRecovered'
              ? { ...before, isDeleted: false }
              : undefined;
  const { projectId } = event.data;
  recountLastDay(view, projectId, lastDayOf(before, history), after && lastDayOf(after, history));
  for (const resultId of history.resultIds) {
    const result = view.get<ResultDocument>(RESULTS, resultId);
    recount(view, projectId, countedAs(result, before), countedAs(result, after));
  }
  if (after?.planId === before.planId && after.isDeleted === before.isDeleted) return;
  for (const rowId of history.rowIds) {
    const row = view.get<ActivityRowDocument>(RESULT_ACTIVITY, rowId);
    if (!row) continue;
    countRow(view, row, -1);
    if (!after) {
      view.remove(RESULT_ACTIVITY, rowId);
      continue;
    }
    const moved = { ...row, planId: after.planId, live: !after.isDeleted };
    view.put(RESULT_ACTIVITY, moved);
    countRow(view, moved, 1);
  }
  if (!after) view.remove(TEST_HISTORY, before._id);
}

/** The tests of a changed case whose labels change with it, as the tests read model has them before the change (those loaded). */
function relabelledTests(event: CaseChange, view: Pick<ProjectionView, 'get'>): TestDocument[] {
  const labelIds = labelsOf(event.data.content);
  return (view.get<CaseTestsDocument>(CASE_TESTS, event.data.caseId)?.testIds ?? []).flatMap((testId) => {
    const test = view.get<TestDocument>(TESTS, testId);
    return test && !sameLabels(labelsOf(test), labelIds) ? [test] : [];
  });
}

/** A case's labels change: its tests' results move from the old labels' counts to the new ones'. */
function applyCaseChange(event: CaseChange, view: ProjectionView): void {
  const labelIds = labelsOf(event.data.content);
  for (const test of relabelledTests(event, view)) {
    for (const resultId of view.get<TestHistoryDocument>(TEST_HISTORY, test._id)?.resultIds ?? []) {
      const result = view.get<ResultDocument>(RESULTS, resultId);
      countLabels(view, event.data.projectId, countedAs(result, test), -1);
      countLabels(view, event.data.projectId, countedAs(result, { ...test, labelIds }), 1);
    }
  }
}

/** The distinct days of a test's live results. */
const resultDaysOf = (history: TestHistoryDocument | undefined): string[] => [...new Set(history?.resultDays ?? [])];

/** The two newest distinct days: where a test's newest result is, before and after one of its results goes. */
const newestTwo = (days: readonly string[]): string[] => [...days].sort().slice(-2);

/** The months of these plans that hold these days' tests by newest result. */
const lastDaysKeys = (planIds: readonly number[], days: readonly string[]): DocumentKey[] =>
  planIds.flatMap((planId) => [...new Set(days.map(monthOf))].map((month) => [HISTORY_LAST_DAYS, lastDaysId(planId, month)] as const));

/** The cells of these plans, the project and these labels on these days. */
function cellKeys(projectId: number, planIds: readonly number[], labelIds: readonly number[], days: readonly string[]): DocumentKey[] {
  const keys: DocumentKey[] = [];
  for (const day of days) {
    keys.push([HISTORY_DAYS, historyDayId('project', projectId, day)]);
    for (const planId of planIds) keys.push([HISTORY_DAYS, historyDayId('plan', planId, day)]);
    for (const labelId of labelIds) keys.push([HISTORY_DAYS, historyDayId('label', labelId, day)]);
  }
  return keys;
}

/**
 * The cells an event on a test may change: a result's own day, in its plan, project and labels, and the plan's months of the test's
 * newest days; a change of the test itself, every day of its results, in the plans it leaves and joins.
 */
function testCellKeys(event: Event, test: TestDocument, history: TestHistoryDocument | undefined, result: ResultFacts | undefined) {
  const { projectId } = event.data;
  const labelIds = labelsOf(test);
  const days = resultDaysOf(history);
  if (!isResultEvent(event)) {
    const planIds = event.type === 'TestMoved' ? [test.planId, event.data.planId] : [test.planId];
    return [...cellKeys(projectId, planIds, labelIds, days), ...lastDaysKeys(planIds, newestTwo(days))];
  }
  const day = event.type === 'ResultAdded' ? dayOf(event.data.createdAt) : result && dayOf(result.createdAt);
  return [
    ...(day === undefined ? [] : cellKeys(projectId, [test.planId], labelIds, [day])),
    ...lastDaysKeys([test.planId], day === undefined ? newestTwo(days) : [...newestTwo(days), day]),
  ];
}

export const resultHistoryProjection = projection<TestEvent | CaseChangeEvent>({
  name: 'result-history',
  source: import.meta.url,
  collections: {
    [PLAN_HISTORY]: { indexes: [{ keys: { projectId: 1, _id: 1 } }] },
    // A scope's days in a range (a histogram, the newest day).
    [HISTORY_DAYS]: { indexes: [{ keys: { scope: 1, projectId: 1, scopeId: 1, day: 1 } }] },
    // A project's plans' months from one on (progress).
    [HISTORY_LAST_DAYS]: { indexes: [{ keys: { projectId: 1, month: 1 } }] },
    // A plan's rows, or a project's, newest first.
    [RESULT_ACTIVITY]: {
      indexes: [{ keys: { planId: 1, live: 1, at: -1, _id: -1 } }, { keys: { projectId: 1, live: 1, at: -1, _id: -1 } }],
    },
    [TEST_HISTORY]: { indexes: [] },
  },
  // The test, the result and the status as they were before the event; a case's tests.
  readsBefore: [TESTS, RESULTS, STATUSES, CASE_TESTS],
  handles: new Set([...RESULT_EVENTS, ...TEST_EVENTS, ...CASE_CHANGES]) as ReadonlySet<(TestEvent | CaseChangeEvent)['type']>,
  keys(event) {
    if (isCaseChange(event)) return [[CASE_TESTS, event.data.caseId]];
    const { testId } = event.data;
    const keys: DocumentKey[] = [
      [TESTS, testId],
      [TEST_HISTORY, testId],
    ];
    // The row this event writes, so a re-delivered event finds it written and leaves it.
    if (isResultEvent(event)) keys.push([RESULTS, event.data.resultId], [RESULT_ACTIVITY, event.position]);
    if (event.type === 'ResultAdded') keys.push([HISTORY_DAYS, historyDayId('project', event.data.projectId, dayOf(event.data.createdAt))]);
    if ('status' in event.data && event.data.status !== undefined) keys.push([STATUSES, event.data.status]);
    if (event.type === 'TestMoved') keys.push([PLAN_HISTORY, event.data.planId]);
    return keys;
  },
  dependents(event, view) {
    if (isCaseChange(event)) {
      // The case's tests, then the histories of those whose labels change, then those histories' results and their days' label cells.
      const keys: DocumentKey[] = [];
      for (const testId of view.get<CaseTestsDocument>(CASE_TESTS, event.data.caseId)?.testIds ?? []) keys.push([TESTS, testId]);
      const labelIds = labelsOf(event.data.content);
      for (const test of relabelledTests(event, view)) {
        keys.push([TEST_HISTORY, test._id]);
        const history = view.get<TestHistoryDocument>(TEST_HISTORY, test._id);
        for (const resultId of history?.resultIds ?? []) keys.push([RESULTS, resultId]);
        keys.push(...cellKeys(event.data.projectId, [], [...new Set([...labelsOf(test), ...labelIds])], resultDaysOf(history)));
      }
      return keys;
    }
    const test = view.get<TestDocument>(TESTS, event.data.testId);
    if (!test) return [];
    const keys: DocumentKey[] = [[PLAN_HISTORY, test.planId]];
    const history = view.get<TestHistoryDocument>(TEST_HISTORY, test._id);
    const result = isResultEvent(event) ? view.get<ResultDocument>(RESULTS, event.data.resultId) : undefined;
    if (result) keys.push([STATUSES, result.status]);
    if (!isResultEvent(event) && history)
      keys.push(...history.resultIds.map((id) => [RESULTS, id] as const), ...history.rowIds.map((id) => [RESULT_ACTIVITY, id] as const));
    keys.push(...testCellKeys(event, test, history, result));
    return keys;
  },
  apply(event, view) {
    if (isCaseChange(event)) return applyCaseChange(event, view);
    const test = view.get<TestDocument>(TESTS, event.data.testId);
    if (!test) return;
    if (isResultEvent(event)) applyResultEvent(event, view, test);
    else applyTestEvent(event, view, test);
  },
});
