import { testFilterQuery, type TestFilterQuery } from '@testament/contracts';
import type { ReadStore } from '@testament/infra';
import {
  DERIVED_TEST_ORDERS,
  findTestFields,
  listTests,
  testSort,
  testsByIds,
  type TestDocument,
  type TestFilters,
} from '@testament/projections/tests/queries';
import { findUserByUsername, storedUsersByIds } from '@testament/projections/users/queries';
import { planIdsMatching } from '@testament/projections/plans/queries';
import type { PageRequest } from './pagination.ts';
import type { PlanContext } from '../representations/tests.ts';
import { idsOf } from './id-lists.ts';

const intersect = (a: number[] | undefined, b: number[] | undefined) => (a && b ? a.filter((id) => b.includes(id)) : (a ?? b));

/**
 * The tests filters of a query (§3.5) with the names of other read models
 * resolved: `scopePlanIds` (a plan's subtree, say) narrowed by the `plan`
 * filter and the plan date filters, the suites with their subtrees under
 * `nested_search`, an assignee by username.
 */
export async function testFiltersOf(
  readStore: ReadStore,
  context: PlanContext,
  query: TestFilterQuery,
  scopePlanIds?: number[],
): Promise<TestFilters> {
  const datedPlans =
    query.test_plan_started_after || query.test_plan_started_before || query.test_plan_created_after || query.test_plan_created_before
      ? await planIdsMatching(readStore, context.project._id, {
          startedAfter: query.test_plan_started_after,
          startedBefore: query.test_plan_started_before,
          createdAfter: query.test_plan_created_after,
          createdBefore: query.test_plan_created_before,
        })
      : undefined;
  const suites = idsOf(query.suite);
  const suiteIds =
    suites && query.nested_search
      ? [...new Set(suites.flatMap((id) => [id, ...context.suites.descendantsOf(id).map((node) => node.id)]))]
      : suites;
  const named = query.assignee_username ? await findUserByUsername(readStore, query.assignee_username) : undefined;
  const assigneeIds = query.assignee_username ? [...(idsOf(query.assignee) ?? []), named?._id ?? 0] : idsOf(query.assignee);
  return {
    planIds: intersect(intersect(scopePlanIds, idsOf(query.plan)), datedPlans),
    caseIds: idsOf(query.case),
    suiteIds,
    assigneeIds,
    unassigned: query.unassigned,
    statuses: query.last_status?.split(',').map((value) => (value === 'null' ? null : Number(value))),
    search: query.search ?? query.treesearch,
    labels: idsOf(query.labels),
    notLabels: idsOf(query.not_labels),
    condition: query.labels_condition,
    includeArchived: query.is_archive,
    createdAfter: query.test_created_after,
    createdBefore: query.test_created_before,
  };
}

/** The tests filters that narrow which tests count (`nested_search` only widens `suite`, `is_archive` adds archived ones). */
const NARROWING = Object.keys(testFilterQuery.shape).filter((key) => key !== 'nested_search' && key !== 'is_archive') as Array<
  keyof TestFilterQuery
>;

const narrowing = (query: TestFilterQuery) => NARROWING.filter((key) => query[key] !== undefined && query[key] !== '');

/** Whether any test filter narrows the tests (the union view then lists only plans with matching tests). */
export function filtersTests(query: TestFilterQuery): boolean {
  return narrowing(query).length > 0;
}

/** The one label a query narrows the tests by when it narrows them by nothing else (its `labels_condition` aside: one label is both). */
export function onlyLabel(query: TestFilterQuery): number | undefined {
  const labels = new Set(idsOf(query.labels));
  return labels.size === 1 && narrowing(query).every((key) => key === 'labels' || key === 'labels_condition') ? [...labels][0] : undefined;
}

type Derived = Pick<TestDocument, '_id' | 'nameKey' | 'assigneeId' | 'suiteId' | 'planId'>;

/**
 * One page of tests in the requested order: orders the documents hold come
 * from an index walk; orders that need other read models (the assignee's
 * username, the suite path, the plan's start) sort the matching tests' keys here.
 */
export async function listTestsOrdered(
  readStore: ReadStore,
  context: PlanContext,
  filters: TestFilters,
  ordering: string | undefined,
  byDefault: string,
  page: PageRequest,
): Promise<{ items: TestDocument[]; count: number }> {
  const terms = (ordering || byDefault).split(',').filter(Boolean);
  if (!terms.some((term) => DERIVED_TEST_ORDERS.has(term.replace(/^-/, ''))))
    return listTests(readStore, context.project._id, filters, testSort(ordering, byDefault), page);
  const found = await findTestFields(readStore, context.project._id, filters, ['nameKey', 'assigneeId', 'suiteId', 'planId']);
  const users = await storedUsersByIds(
    readStore,
    found.flatMap((test) => (test.assigneeId === null ? [] : [test.assigneeId])),
  );
  const keyOf: Record<string, (test: Derived) => string | number | null> = {
    assignee_username: (test) => (test.assigneeId === null ? null : (users.get(test.assigneeId)?.username.toLowerCase() ?? null)),
    suite_path: (test) => context.suites.suitePath(test.suiteId).toLowerCase(),
    started_at: (test) => context.plans.node(test.planId)?.startedAt ?? null,
    name: (test) => test.nameKey,
    id: (test) => test._id,
  };
  const compare = (a: Derived, b: Derived): number => {
    for (const term of terms) {
      const key = keyOf[term.replace(/^-/, '')] ?? ((test: Derived) => test._id);
      const [x, y] = [key(a), key(b)];
      const order = x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
      if (order !== 0) return term.startsWith('-') ? -order : order;
    }
    return a._id - b._id;
  };
  const pageIds = found
    .sort(compare)
    .slice(page.skip, page.skip + page.limit)
    .map((test) => test._id);
  return { items: await testsByIds(readStore, pageIds), count: found.length };
}
