import { topics, type CaseContent, type CaseEvent, type TestEvent } from '@testament/contracts';
import { CASES, type CaseDocument } from '../cases/case-document.ts';
import { projection, type DocumentKey, type EventOf, type ProjectionView } from '../runner/projection.ts';
import { PLAN_TEST_COUNTS, recountTest } from './plan-counts.ts';
import {
  CASE_CHANGES,
  CASE_TESTS,
  isCaseChange,
  RESULT_EVENTS,
  RESULTS,
  TESTS,
  type CaseChange,
  type CaseTestsDocument,
  type ResultDocument,
  type TestDocument,
} from './test-document.ts';

type Event = EventOf<TestEvent | CaseEvent>;
const resultIdOf = (event: Event): number | null => (RESULT_EVENTS.has(event.type) ? (event.data as { resultId: number }).resultId : null);

/** What a test copies from its case. */
const fromCase = (content: Pick<CaseContent, 'name' | 'suiteId' | 'labelIds' | 'estimate'>) => ({
  name: content.name,
  nameKey: content.name.toLowerCase(),
  suiteId: content.suiteId,
  labelIds: content.labelIds,
  estimate: content.estimate,
});

function changeTest(view: ProjectionView, testId: number, time: string, changes: Partial<TestDocument>): void {
  const test = view.get<TestDocument>(TESTS, testId);
  if (test) view.put(TESTS, { ...test, ...changes, updatedAt: time });
}

function changeResult(view: ProjectionView, resultId: number, time: string, changes: Partial<ResultDocument>): void {
  const result = view.get<ResultDocument>(RESULTS, resultId);
  if (result) view.put(RESULTS, { ...result, ...changes, updatedAt: time });
}

/** A new version of a case reaches its tests when what they copy changed. */
function applyCaseChange(event: CaseChange, view: ProjectionView): void {
  const copied = fromCase(event.data.content);
  for (const testId of view.get<CaseTestsDocument>(CASE_TESTS, event.data.caseId)?.testIds ?? []) {
    const test = view.get<TestDocument>(TESTS, testId);
    if (!test) continue;
    if (
      test.name === copied.name &&
      test.suiteId === copied.suiteId &&
      test.estimate === copied.estimate &&
      JSON.stringify(test.labelIds) === JSON.stringify(copied.labelIds)
    )
      continue;
    const changed = { ...test, ...copied };
    view.put(TESTS, changed);
    recountTest(view, event.data.projectId, test, changed);
  }
}

function listTest(view: ProjectionView, caseId: number, testId: number, listed: boolean): void {
  const current = view.get<CaseTestsDocument>(CASE_TESTS, caseId)?.testIds ?? [];
  const testIds = current.filter((id) => id !== testId);
  if (listed) testIds.push(testId);
  if (testIds.length > 0) view.put(CASE_TESTS, { _id: caseId, testIds });
  else view.remove(CASE_TESTS, caseId);
}

function applyTestEvent(event: EventOf<TestEvent>, view: ProjectionView): void {
  const time = event.metadata.time;
  const { testId, projectId } = event.data;
  switch (event.type) {
    case 'TestCreated': {
      const { planId, caseId, assigneeId } = event.data;
      const found = view.get<CaseDocument>(CASES, caseId);
      const copied = fromCase(found ?? { name: '', suiteId: 0, labelIds: [], estimate: null });
      const test: TestDocument = {
        _id: testId,
        projectId,
        planId,
        caseId,
        ...copied,
        assigneeId,
        lastStatus: null,
        isArchive: false,
        isDeleted: false,
        deletedAt: null,
        archivedWithPlan: null,
        archivedWithCase: null,
        deletedWithPlan: null,
        deletedWithCase: null,
        createdAt: time,
        updatedAt: time,
      };
      view.put(TESTS, test);
      listTest(view, caseId, testId, true);
      return;
    }
    case 'TestAssigned':
      changeTest(view, testId, time, { assigneeId: event.data.assigneeId });
      return;
    case 'TestMoved':
      changeTest(view, testId, time, { planId: event.data.planId });
      return;
    case 'TestArchived':
      changeTest(view, testId, time, {
        isArchive: true,
        archivedWithPlan: event.data.withPlan ?? null,
        archivedWithCase: event.data.withCase ?? null,
      });
      return;
    case 'TestUnarchived':
      changeTest(view, testId, time, { isArchive: false, archivedWithPlan: null, archivedWithCase: null });
      return;
    case 'TestDeleted':
      changeTest(view, testId, time, {
        isDeleted: true,
        deletedAt: time,
        deletedWithPlan: event.data.withPlan ?? null,
        deletedWithCase: event.data.withCase ?? null,
      });
      return;
    case 'TestRecovered':
      changeTest(view, testId, time, { isDeleted: false, deletedAt: null, deletedWithPlan: null, deletedWithCase: null });
      return;
    case 'TestRemoved': {
      const test = view.get<TestDocument>(TESTS, testId);
      if (test) listTest(view, test.caseId, testId, false);
      view.remove(TESTS, testId);
      return;
    }
    case 'ResultAdded': {
      const {
        resultId,
        status,
        comment,
        executionTime,
        attributes,
        attachmentIds,
        stepResults,
        isArchive,
        userId,
        caseHistoryId,
        caseVersion,
        createdAt,
        lastStatus,
      } = event.data;
      view.put(RESULTS, {
        _id: resultId,
        projectId,
        testId,
        status,
        comment,
        executionTime,
        attributes,
        attachmentIds,
        stepResults,
        isArchive,
        isDeleted: false,
        userId,
        caseHistoryId,
        caseVersion,
        createdAt,
        createdDay: createdAt.slice(0, 10),
        updatedAt: time,
      } satisfies ResultDocument);
      changeTest(view, testId, time, { lastStatus });
      return;
    }
    case 'ResultEdited': {
      const { testId: _test, projectId: _project, resultId, lastStatus, ...changes } = event.data;
      changeResult(view, resultId, time, changes);
      changeTest(view, testId, time, { lastStatus });
      return;
    }
    case 'ResultDeleted':
      changeResult(view, event.data.resultId, time, { isDeleted: true });
      changeTest(view, testId, time, { lastStatus: event.data.lastStatus });
      return;
  }
}

export const testsProjection = projection<TestEvent | CaseEvent>({
  name: 'tests',
  source: import.meta.url,
  collections: {
    // A project's or a plan's tests in each order the table offers (archived ones apart), the filters' columns, and the trash.
    [TESTS]: {
      indexes: [
        { keys: { projectId: 1, isDeleted: 1, isArchive: 1, nameKey: 1, _id: 1 } },
        { keys: { projectId: 1, isDeleted: 1, isArchive: 1, _id: 1 } },
        { keys: { projectId: 1, isDeleted: 1, isArchive: 1, createdAt: 1, _id: 1 } },
        { keys: { projectId: 1, isDeleted: 1, isArchive: 1, lastStatus: 1, _id: 1 } },
        // Its last status makes it cover a count by assignee and status (a label is probed beside it): 10,000 rows were read for it.
        { keys: { projectId: 1, isDeleted: 1, isArchive: 1, assigneeId: 1, nameKey: 1, _id: 1, lastStatus: 1 } },
        { keys: { projectId: 1, isDeleted: 1, isArchive: 1, estimate: 1, _id: 1 } },
        { keys: { projectId: 1, isDeleted: 1, isArchive: 1, labelIds: 1, _id: 1 } },
        { keys: { planId: 1, isDeleted: 1, isArchive: 1, nameKey: 1, _id: 1 } },
        { keys: { caseId: 1, isDeleted: 1, _id: 1 } },
        { keys: { isDeleted: 1, projectId: 1, deletedAt: 1, _id: 1 } },
        { keys: { nameKey: 1 }, search: 'substring' },
      ],
    },
    [RESULTS]: {
      indexes: [
        // Its last columns make it cover a filtered histogram's count (`countResultsByPoint`): the results are not read.
        { keys: { testId: 1, isDeleted: 1, createdAt: 1, _id: 1, isArchive: 1, status: 1, createdDay: 1 } },
        { keys: { projectId: 1, isDeleted: 1, createdAt: 1, _id: 1 } },
      ],
    },
    [CASE_TESTS]: { indexes: [] },
    [PLAN_TEST_COUNTS]: { indexes: [{ keys: { projectId: 1, _id: 1 } }] },
  },
  // A new test copies its case as the cases read model has it.
  readsBefore: [CASES],
  handles: new Set([
    'TestCreated',
    'TestAssigned',
    'TestMoved',
    'TestArchived',
    'TestUnarchived',
    'TestDeleted',
    'TestRecovered',
    'TestRemoved',
    'ResultAdded',
    'ResultEdited',
    'ResultDeleted',
    ...CASE_CHANGES,
  ]) as ReadonlySet<(TestEvent | CaseEvent)['type']>,
  keys(event) {
    if (isCaseChange(event)) return [[CASE_TESTS, event.data.caseId]];
    const data = event.data as TestEvent['data'];
    const resultId = resultIdOf(event);
    if (resultId !== null)
      return [
        [TESTS, data.testId],
        [RESULTS, resultId],
      ];
    if (event.type === 'TestCreated')
      return [
        [TESTS, data.testId],
        [CASES, event.data.caseId],
        [CASE_TESTS, event.data.caseId],
        [PLAN_TEST_COUNTS, event.data.planId],
      ];
    if (event.type === 'TestMoved')
      return [
        [TESTS, data.testId],
        [PLAN_TEST_COUNTS, event.data.planId],
      ];
    return [[TESTS, data.testId]];
  },
  // The counts of the plan a test is in (known from its document), and a case's tests, then their plans.
  dependents(event, view) {
    if (isCaseChange(event)) {
      const keys: DocumentKey[] = [];
      for (const testId of view.get<CaseTestsDocument>(CASE_TESTS, event.data.caseId)?.testIds ?? []) {
        keys.push([TESTS, testId]);
        const test = view.get<TestDocument>(TESTS, testId);
        if (test) keys.push([PLAN_TEST_COUNTS, test.planId]);
      }
      return keys;
    }
    const test = view.get<TestDocument>(TESTS, (event.data as TestEvent['data']).testId);
    if (!test) return [];
    // A removal unlists the test from its case's tests: the case is in the test's document.
    return event.type === 'TestRemoved'
      ? [
          [PLAN_TEST_COUNTS, test.planId],
          [CASE_TESTS, test.caseId],
        ]
      : [[PLAN_TEST_COUNTS, test.planId]];
  },
  apply(event, view) {
    if (isCaseChange(event)) return applyCaseChange(event, view);
    const { testId, projectId } = event.data as TestEvent['data'];
    const before = view.get<TestDocument>(TESTS, testId);
    applyTestEvent(event as EventOf<TestEvent>, view);
    recountTest(view, projectId, before, view.get<TestDocument>(TESTS, testId));
    view.notify(topics.plans(projectId));
  },
});
