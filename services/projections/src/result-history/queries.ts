import type { ActivityType } from '@testament/contracts';
import type { Filter, ReadStore, Sort } from '@testament/infra';
import type { ServedReadModels } from '../runner/versioned-read-models.ts';
import type { PageWindow } from '../paging.ts';
import { RESULTS, TESTS, type ResultDocument, type TestDocument } from '../tests/test-document.ts';
import {
  HISTORY_DAYS,
  HISTORY_LAST_DAYS,
  monthOf,
  PLAN_HISTORY,
  RESULT_ACTIVITY,
  type ActivityRowDocument,
  type DayCounts,
  type HistoryDayDocument,
  type HistoryScope,
  type LastDaysDocument,
  type PlanHistoryDocument,
  type StatusCounts,
} from './history-documents.ts';

export type { ActivityRowDocument, DayCounts, HistoryScope, PlanHistoryDocument } from './history-documents.ts';

/** The history documents of these plans. */
export function planHistories(readStore: ReadStore, planIds: readonly number[]): Promise<PlanHistoryDocument[]> {
  return readStore.collection<PlanHistoryDocument>(PLAN_HISTORY).find({ _id: { $in: [...planIds] } });
}

/**
 * Whether the copy of this read model served holds the day cells: while an upgrade builds its new version, the old copy served
 * may be of a code without them (they came with this layout), so the histogram and progress count the results themselves meanwhile.
 */
export function dayCellsServed(readModels: Pick<ServedReadModels, 'serves'>): boolean {
  return readModels.serves(HISTORY_DAYS) && readModels.serves(HISTORY_LAST_DAYS);
}

/**
 * The day counts in [firstDay, lastDay] of these plans of the project, of the project itself, or of these of its labels (the results of
 * its tests that carry one), summed from their cells; none for another project's plan or label.
 */
export async function dayCounts(
  readStore: ReadStore,
  projectId: number,
  scope: HistoryScope,
  scopeIds: readonly number[],
  firstDay: string,
  lastDay: string,
): Promise<DayCounts> {
  const cells = await readStore
    .collection<HistoryDayDocument>(HISTORY_DAYS)
    .find(
      { scope, projectId, scopeId: { $in: [...scopeIds] }, day: { $gte: firstDay, $lte: lastDay } },
      { projection: { day: 1, live: 1, archived: 1 } },
    );
  const counts: DayCounts = { days: {}, archivedDays: {} };
  const add = (byDay: Record<string, StatusCounts>, day: string, statuses: StatusCounts) => {
    const sums = byDay[day] ?? {};
    for (const status in statuses) sums[status] = (sums[status] ?? 0) + statuses[status]!;
    byDay[day] = sums;
  };
  for (const cell of cells) {
    add(counts.days, cell.day, cell.live);
    add(counts.archivedDays, cell.day, cell.archived);
  }
  return counts;
}

/** The newest UTC day with a live result in the project, archived or not. */
async function newestResultDay(readStore: ReadStore, projectId: number): Promise<string | undefined> {
  const newest = await readStore
    .collection<HistoryDayDocument>(HISTORY_DAYS)
    .findOne({ scope: 'project', projectId, scopeId: projectId }, { projection: { day: 1 }, sort: { day: -1 } });
  return newest?.day;
}

/**
 * Results per day of `days` and status id, summed over the plans or projects (archived ones too with `includeArchived`); every day present.
 */
export function resultsPerDay(
  histories: readonly DayCounts[],
  days: readonly string[],
  includeArchived: boolean,
): Map<string, Map<number, number>> {
  const perDay = new Map(days.map((day) => [day, new Map<number, number>()]));
  const add = (byDay: Record<string, StatusCounts>) => {
    for (const [day, sums] of perDay) {
      const counts = byDay[day];
      if (!counts) continue;
      for (const status in counts) sums.set(Number(status), (sums.get(Number(status)) ?? 0) + counts[status]!);
    }
  };
  for (const history of histories) {
    add(history.days);
    if (includeArchived) add(history.archivedDays);
  }
  return perDay;
}

/**
 * Per plan of the project, how many of its own live, unarchived tests received a live result created
 * on a UTC day in [fromDay, toDay] (progress in a period, §4.7). A period that runs to the newest result
 * or later, as the default one (the last 7 days) does, is summed from the plans' `history_last_days`; an
 * older period, rarer, reads its results, and so does any period while the cells are not served (`dayCellsServed`).
 */
export async function testsResultedPerPlan(
  readStore: ReadStore,
  projectId: number,
  fromDay: string,
  toDay: string,
  cellsServed = true,
): Promise<Map<number, number>> {
  const newest = cellsServed ? await newestResultDay(readStore, projectId) : null;
  if (newest === undefined || (newest !== null && toDay >= newest)) {
    const months = await readStore
      .collection<LastDaysDocument>(HISTORY_LAST_DAYS)
      .find({ projectId, month: { $gte: monthOf(fromDay) } }, { projection: { planId: 1, tests: 1 } });
    const perPlan = new Map<number, number>();
    for (const { planId, tests } of months)
      for (const day in tests) if (day >= fromDay) perPlan.set(planId, (perPlan.get(planId) ?? 0) + tests[day]!);
    return perPlan;
  }
  const results = await readStore
    .collection<ResultDocument>(RESULTS)
    .find(
      { projectId, isDeleted: false, createdAt: { $gte: `${fromDay}T00:00:00.000Z`, $lte: `${toDay}T23:59:59.999Z` } },
      { projection: { testId: 1 } },
    );
  const testIds = [...new Set(results.map((result) => result.testId))];
  const tests = await readStore
    .collection<TestDocument>(TESTS)
    .find({ _id: { $in: testIds }, isDeleted: false, isArchive: false }, { projection: { planId: 1 } });
  const perPlan = new Map<number, number>();
  for (const test of tests) perPlan.set(test.planId, (perPlan.get(test.planId) ?? 0) + 1);
  return perPlan;
}

/** The statuses met in the live history rows of these plans. */
export function statusesInHistory(histories: readonly PlanHistoryDocument[]): Set<number> {
  return new Set(histories.flatMap((history) => Object.keys(history.rowStatuses).map(Number)));
}

/** Which results a histogram counts: a project's live ones created in [from, to), of these tests, with these statuses. */
export interface CountedResults {
  from: string;
  to: string;
  testIds: readonly number[];
  includeArchived: boolean;
  statuses?: readonly number[] | undefined;
  /** Points by a result attribute's value instead of by day. */
  attribute?: string | undefined;
}

/** How many of those results each point (a day, or an attribute's value as text) has of each status, counted by the database. */
export async function countResultsByPoint(
  readStore: ReadStore,
  counted: CountedResults,
): Promise<Array<{ point: string; status: number; results: number }>> {
  if (counted.testIds.length === 0) return [];
  // By the tests' index alone (the tests are the project's): with the project named, SQLite walked a quarter's results of the whole project
  // instead.
  const filter: Filter = { isDeleted: false, createdAt: { $gte: counted.from, $lt: counted.to }, testId: { $in: [...counted.testIds] } };
  if (!counted.includeArchived) filter.isArchive = false;
  if (counted.statuses) filter.status = { $in: [...counted.statuses] };
  const point = counted.attribute === undefined ? '$createdDay' : `$attributes.${counted.attribute}`;
  const groups = await readStore
    .collection<ResultDocument>(RESULTS)
    .aggregate<{ _id: { point: unknown; status: number }; results: number }>([
      { $match: filter },
      { $group: { _id: { point, status: '$status' }, results: { $sum: 1 } } },
    ]);
  return groups
    .filter((group) => group._id.point !== null && group._id.point !== undefined)
    .map((group) => ({ point: String(group._id.point), status: group._id.status, results: group.results }));
}

/** The activity filters (§3.4) with names already resolved to ids. */
export interface ActivityFilters {
  /** The subtree's plans. */
  planIds: readonly number[];
  types?: readonly ActivityType[];
  statuses?: readonly number[];
  userIds?: readonly number[];
  testIds?: readonly number[];
  /** A search: rows of these tests or by these users. */
  search?: { testIds: readonly number[]; userIds: readonly number[] };
}

/** The rows' filter; `projectId`, which the plans imply, lets a page walk the project's rows by time. */
function activityFilter(projectId: number | undefined, filters: ActivityFilters): Filter {
  const filter: Filter = {
    ...(projectId === undefined ? {} : { projectId }),
    live: true,
    planId: filters.planIds.length === 1 ? filters.planIds[0] : { $in: [...filters.planIds] },
  };
  if (filters.types) filter.type = { $in: [...filters.types] };
  if (filters.statuses) filter.status = { $in: [...filters.statuses] };
  if (filters.userIds) filter.userId = { $in: [...filters.userIds] };
  if (filters.testIds) filter.testId = { $in: [...filters.testIds] };
  if (filters.search) filter.$or = [{ testId: { $in: [...filters.search.testIds] } }, { userId: { $in: [...filters.search.userIds] } }];
  return filter;
}

/** One page of a subtree's history rows in the given order, and how many pass the filters. */
export async function listActivity(
  readStore: ReadStore,
  projectId: number,
  filters: ActivityFilters,
  sort: Sort,
  page: PageWindow,
): Promise<{ items: ActivityRowDocument[]; count: number }> {
  const rows = readStore.collection<ActivityRowDocument>(RESULT_ACTIVITY);
  // Counted without the project, the plans' index alone answers an unfiltered count.
  const [count, items] = await Promise.all([
    rows.count(activityFilter(undefined, filters)),
    rows.find(activityFilter(projectId, filters), { sort, skip: page.skip, limit: page.limit }),
  ]);
  return { items, count };
}

/** Every history row that passes the filters, with only what an order worked out elsewhere needs (by test name). */
export function findActivityKeys(
  readStore: ReadStore,
  projectId: number,
  filters: ActivityFilters,
): Promise<Array<Pick<ActivityRowDocument, '_id' | 'testId' | 'at'>>> {
  return readStore
    .collection<ActivityRowDocument>(RESULT_ACTIVITY)
    .find(activityFilter(projectId, filters), { projection: { testId: 1, at: 1 } });
}

export async function activityRowsByIds(readStore: ReadStore, ids: readonly number[]): Promise<ActivityRowDocument[]> {
  if (ids.length === 0) return [];
  const found = new Map(
    (await readStore.collection<ActivityRowDocument>(RESULT_ACTIVITY).find({ _id: { $in: [...ids] } })).map((row) => [row._id, row]),
  );
  return ids.flatMap((id) => found.get(id) ?? []);
}
