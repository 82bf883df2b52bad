import type { Filter, ReadStore, Sort } from '@testament/infra';
import { searchedLabelledCreated } from '../cases/queries.ts';
import { findLabelledPage, type LabelFilter } from '../label-filter.ts';
import { findPage, type PageWindow } from '../paging.ts';
import { PLAN_TEST_COUNTS, statusKey, type PlanTestCount, type PlanTestCountDocument, type StatusTally } from './plan-counts.ts';
import { RESULTS, TESTS, type ResultDocument, type TestDocument } from './test-document.ts';

export type { ResultDocument, TestDocument } from './test-document.ts';
export { UNTESTED_KEY, statusKey, sumStatusTallies, type PlanTestCount, type StatusTally } from './plan-counts.ts';

/** The tests filters (§3.5) with everything that names other read models already resolved to ids by the caller. */
export interface TestFilters extends LabelFilter {
  /**
   * The plans whose tests are listed (a subtree already expanded, plan date filters already applied); every plan of the project when
   * absent.
   */
  planIds?: number[];
  caseIds?: number[];
  suiteIds?: number[];
  /** Assigned to one of these users, or (`unassigned`) to nobody. */
  assigneeIds?: number[];
  unassigned?: boolean;
  /** Last statuses; null for untested. */
  statuses?: Array<number | null>;
  /** Every word in the case name, or the test id (§2.6). */
  search?: string;
  includeArchived?: boolean;
  createdAfter?: string;
  createdBefore?: string;
}

const ORDER_FIELDS: Record<string, string> = {
  id: '_id',
  name: 'nameKey',
  created_at: 'createdAt',
  last_status: 'lastStatus',
  estimate: 'estimate',
  assignee: 'assigneeId',
  is_archive: 'isArchive',
  plan: 'planId',
};

/**
 * Orders the read model cannot sort by an index: they need other read models (usernames, suite paths, plan dates) and are sorted by the
 * caller.
 */
export const DERIVED_TEST_ORDERS: ReadonlySet<string> = new Set(['assignee_username', 'suite_path', 'started_at']);

/** The requested order (of the orders the documents hold), then by id in the first field's direction. */
export function testSort(ordering: string | undefined, byDefault = 'name'): Sort {
  const sort: Sort = {};
  for (const term of (ordering || byDefault).split(',').filter(Boolean)) {
    const field = ORDER_FIELDS[term.replace(/^-/, '')];
    if (field) sort[field] = term.startsWith('-') ? -1 : 1;
  }
  return { ...sort, _id: sort._id ?? Object.values(sort)[0] ?? 1 };
}

export function testFilter(projectId: number, filters: TestFilters): Filter {
  const parts: Filter[] = [{ projectId, isDeleted: false, ...(filters.includeArchived ? {} : { isArchive: false }) }];
  if (filters.planIds) parts.push({ planId: { $in: filters.planIds } });
  if (filters.caseIds) parts.push({ caseId: { $in: filters.caseIds } });
  if (filters.suiteIds) parts.push({ suiteId: { $in: filters.suiteIds } });
  if (filters.assigneeIds || filters.unassigned)
    parts.push({ assigneeId: { $in: [...(filters.assigneeIds ?? []), ...(filters.unassigned ? [null] : [])] } });
  if (filters.statuses) parts.push({ lastStatus: { $in: filters.statuses } });
  parts.push(...searchedLabelledCreated(filters));
  return parts.length === 1 ? parts[0]! : { $and: parts };
}

/** One page of a project's tests that pass the filters, in an order the documents hold, and how many pass. */
export function listTests(
  readStore: ReadStore,
  projectId: number,
  filters: TestFilters,
  sort: Sort,
  page: PageWindow,
): Promise<{ items: TestDocument[]; count: number }> {
  return findLabelledPage(readStore.collection<TestDocument>(TESTS), (shown) => testFilter(projectId, shown), filters, sort, page);
}

/** Every test that passes the filters, with only the fields asked for (set-based counts, orders worked out by the caller). */
export function findTestFields<K extends keyof TestDocument>(
  readStore: ReadStore,
  projectId: number,
  filters: TestFilters,
  fields: readonly K[],
): Promise<Array<Pick<TestDocument, '_id' | K>>> {
  return readStore
    .collection<TestDocument>(TESTS)
    .find(testFilter(projectId, filters), { projection: { _id: 1, ...Object.fromEntries(fields.map((field) => [field, 1])) } });
}

type StatusGroup = { _id: { planId: number; lastStatus: number | null }; tests: number; estimate?: number };

/**
 * The tests that pass the filters by plan and last status, with their estimates, counted by the
 * database (two GROUP BYs: all of them, and those without an estimate), in the shape of the
 * plans' counters so a filtered chart sums plans as an unfiltered one does.
 */
export async function filteredPlanCounts(
  readStore: ReadStore,
  projectId: number,
  filters: TestFilters,
): Promise<Map<number, Pick<PlanTestCount, 'statuses' | 'archivedStatuses'>>> {
  const tests = readStore.collection<TestDocument>(TESTS);
  const filter = testFilter(projectId, filters);
  const byPlanAndStatus = { planId: '$planId', lastStatus: '$lastStatus' };
  const [groups, unestimated] = await Promise.all([
    tests.aggregate<StatusGroup>([
      { $match: filter },
      { $group: { _id: byPlanAndStatus, tests: { $sum: 1 }, estimate: { $sum: '$estimate' } } },
    ]),
    tests.aggregate<StatusGroup>([
      { $match: { $and: [filter, { estimate: { $in: [null, 0] } }] } },
      { $group: { _id: byPlanAndStatus, tests: { $sum: 1 } } },
    ]),
  ]);
  const counts = new Map<number, Pick<PlanTestCount, 'statuses' | 'archivedStatuses'>>();
  const tallyOf = ({ planId, lastStatus }: StatusGroup['_id']): StatusTally => {
    let count = counts.get(planId);
    if (!count) {
      count = { statuses: {}, archivedStatuses: {} };
      counts.set(planId, count);
    }
    const key = statusKey(lastStatus);
    count.statuses[key] ??= { tests: 0, estimate: 0, unestimated: 0 };
    return count.statuses[key];
  };
  for (const group of groups) Object.assign(tallyOf(group._id), { tests: group.tests, estimate: group.estimate ?? 0 });
  for (const group of unestimated) tallyOf(group._id).unestimated = group.tests;
  return counts;
}

/** A live test. */
export async function findTest(readStore: ReadStore, testId: number): Promise<TestDocument | null> {
  const found = await readStore.collection<TestDocument>(TESTS).findOne({ _id: testId });
  return found && !found.isDeleted ? found : null;
}

/** Tests by id (deleted ones included), in the order asked. */
export async function testsByIds(readStore: ReadStore, ids: readonly number[]): Promise<TestDocument[]> {
  if (ids.length === 0) return [];
  const found = new Map((await readStore.collection<TestDocument>(TESTS).find({ _id: { $in: [...ids] } })).map((test) => [test._id, test]));
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** The tests of these plans as a plan's cascades need them: live ones, or those in the trash. */
export function testsOfPlans(
  readStore: ReadStore,
  projectId: number,
  planIds: readonly number[],
  deleted: boolean,
): Promise<Array<Pick<TestDocument, '_id' | 'caseId' | 'isArchive' | 'archivedWithPlan' | 'deletedWithPlan' | 'planId' | 'assigneeId'>>> {
  return readStore
    .collection<TestDocument>(TESTS)
    .find(
      { projectId, isDeleted: deleted, planId: { $in: [...planIds] } },
      { projection: { caseId: 1, isArchive: 1, archivedWithPlan: 1, deletedWithPlan: 1, planId: 1, assigneeId: 1 } },
    );
}

/** A test's results that are not deleted, newest first (§3.6). */
export function resultsOfTest(readStore: ReadStore, testId: number): Promise<ResultDocument[]> {
  return readStore.collection<ResultDocument>(RESULTS).find({ testId, isDeleted: false }, { sort: { createdAt: -1, _id: -1 } });
}

/** A result that is not deleted. */
export async function findResult(readStore: ReadStore, resultId: number): Promise<ResultDocument | null> {
  const found = await readStore.collection<ResultDocument>(RESULTS).findOne({ _id: resultId });
  return found && !found.isDeleted ? found : null;
}

/** Deleted tests of the given projects (null: every project), the latest deleted first. */
export function listDeletedTests(
  readStore: ReadStore,
  projectIds: readonly number[] | null,
  page: PageWindow,
): Promise<{ items: TestDocument[]; count: number }> {
  const filter = { isDeleted: true, ...(projectIds ? { projectId: { $in: [...projectIds] } } : {}) };
  return findPage(readStore.collection<TestDocument>(TESTS), filter, { deletedAt: -1, _id: 1 }, page);
}

/** How many live results these tests have, archived ones included or not (the previews' counts). */
export function countResults(readStore: ReadStore, testIds: readonly number[], includeArchived = true): Promise<number> {
  if (testIds.length === 0) return Promise.resolve(0);
  return readStore
    .collection<ResultDocument>(RESULTS)
    .count({ testId: { $in: [...testIds] }, isDeleted: false, ...(includeArchived ? {} : { isArchive: false }) });
}

/** The tests of these cases as a case's cascades need them: live ones, or those in the trash. */
export function testsOfCases(
  readStore: ReadStore,
  caseIds: readonly number[],
  deleted: boolean,
): Promise<Array<Pick<TestDocument, '_id' | 'caseId' | 'isArchive' | 'archivedWithCase' | 'deletedWithCase'>>> {
  if (caseIds.length === 0) return Promise.resolve([]);
  return readStore
    .collection<TestDocument>(TESTS)
    .find(
      { caseId: { $in: [...caseIds] }, isDeleted: deleted },
      { projection: { caseId: 1, isArchive: 1, archivedWithCase: 1, deletedWithCase: 1 } },
    );
}

/** The live results of the live tests directly in a plan whose attribute `name` equals `value`, compared case-insensitively. */
export async function resultsWithAttribute(readStore: ReadStore, planId: number, name: string, value: string): Promise<ResultDocument[]> {
  const tests = await readStore.collection<TestDocument>(TESTS).find({ planId, isDeleted: false }, { projection: { _id: 1 } });
  if (tests.length === 0) return [];
  const results = await readStore
    .collection<ResultDocument>(RESULTS)
    .find({ testId: { $in: tests.map((test) => test._id) }, isDeleted: false });
  const wanted = value.toLowerCase();
  return results.filter((result) => String(result.attributes[name] ?? '').toLowerCase() === wanted && name in result.attributes);
}

/** Each plan's own live tests and estimates, unarchived and archived apart, by plan id. */
export async function planTestCounts(readStore: ReadStore, projectId: number): Promise<Map<number, PlanTestCount>> {
  const found = await readStore.collection<PlanTestCountDocument>(PLAN_TEST_COUNTS).find({ projectId });
  return new Map(
    found.map(({ _id, tests, estimate, archivedTests, archivedEstimate, statuses, archivedStatuses }) => [
      _id,
      { tests, estimate, archivedTests, archivedEstimate, statuses, archivedStatuses },
    ]),
  );
}
