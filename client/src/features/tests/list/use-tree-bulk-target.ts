import type { TreeNode } from 'primereact/treenode';
import { forkJoin, map, of } from 'rxjs';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { excludedCount, treeChoice, type TreeSelection } from '../../../components/list/tree-selection.ts';
import type { TestsBulkTarget } from '../bulk/tests-bulk-target.ts';
import { testListApi } from './test-list-api.ts';
import { planIdOf, testIdOf } from './test-tree-keys.ts';
import { listTarget, treeTarget, type TestsScope } from './tests-bulk.ts';

/** What the tree's bulk bar shows and acts on: how many tests, and which once known. */
interface TreeBulk {
  count: number;
  /** Null while select-all's total or the tests of unticked plans are on their way. */
  target: TestsBulkTarget | null;
}

/** How many tests select-all takes: those the conditions select in the open plan's subtree, as the table counts them. */
const totalOf = (scope: TestsScope | null) =>
  scope
    ? testListApi
        .list({ project: scope.projectId, planId: scope.planId, conditions: scope.conditions, page: 1, page_size: 1 })
        .pipe(map((page) => page.count))
    : of(null);

/** The tests the conditions select under each unticked plan: `bulk-update/` excludes tests only. */
const testsUnder = (query: { scope: TestsScope; plans: number[] } | null) =>
  query
    ? forkJoin(
        query.plans.map((planId) => testListApi.ids({ project: query.scope.projectId, planId, conditions: query.scope.conditions })),
      ).pipe(map((ids) => ids.flat()))
    : of([]);

/**
 * What the tree's bulk actions change: the ticked rows through `bulk-update-tree/`,
 * or under select-all everything but the unticked rows through `bulk-update/`, as the table's select-all does.
 */
export function useTreeBulkTarget(scope: TestsScope, selection: TreeSelection, nodes: readonly TreeNode[]): TreeBulk {
  const excluded = selection.all ? selection.excluded : [];
  const plans = excluded.flatMap((exclusion) => planIdOf(exclusion.key) ?? []);
  const changes = () => changesOf(topics.plans(scope.projectId));
  const total = useLiveQuery(selection.all ? scope : null, changes, totalOf);
  const under = useLiveQuery(plans.length > 0 ? { scope, plans } : null, changes, testsUnder);
  if (!selection.all) {
    const target = treeTarget(scope, treeChoice(selection.checked, nodes));
    return { count: target.count, target };
  }
  // Counted from the plans' matching tests until their ids come.
  if (total.data === null || under.data === null || under.stale)
    return { count: Math.max(0, (total.data ?? 0) - excludedCount(excluded)), target: null };
  const tests = excluded.flatMap((exclusion) => testIdOf(exclusion.key) ?? []);
  const target = listTarget(scope, { all: true, excluded: [...tests, ...under.data] }, total.data);
  return { count: target.count, target };
}
