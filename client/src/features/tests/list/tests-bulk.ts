import { selectedCount, type PageSelection } from '../../../components/list/selection.ts';
import type { TreeChoice } from '../../../components/list/tree-selection.ts';
import type { TestsBulkTarget } from '../bulk/tests-bulk-target.ts';
import type { TestConditions } from '../../../entities/test/test-filter.ts';

/** Where a view's tests come from: a project, the open plan (null for the project's root) and the filter's conditions. */
export interface TestsScope {
  projectId: number;
  planId: number | null;
  conditions: TestConditions;
}

/** The list's conditions as its query sends them: `filter_conditions` takes query values, which are strings. */
const filterConditions = (conditions: TestConditions): Record<string, string> =>
  Object.fromEntries(Object.entries(conditions).map(([key, value]) => [key, String(value)]));

/**
 * The table's selection for `bulk-update/` (tests-and-results §7): the tests the
 * list's conditions select under the open plan, minus the exclusions under
 * select-all, else only the ticked ones; counted as the table counts them.
 */
export function listTarget({ projectId, planId, conditions }: TestsScope, selection: PageSelection, total: number): TestsBulkTarget {
  const chosen = selection.all ? { excluded_tests: selection.excluded } : { included_tests: selection.ids };
  return {
    projectId,
    planId,
    count: selectedCount(selection, total),
    selection: {
      view: 'list',
      body: { project: projectId, current_plan: planId, filter_conditions: filterConditions(conditions), ...chosen },
    },
  };
}

/** The tree's ticks for `bulk-update-tree/`: whole plan subtrees and single tests, each after the conditions. */
export function treeTarget({ projectId, planId, conditions }: TestsScope, { branches, leaves, count }: TreeChoice): TestsBulkTarget {
  return {
    projectId,
    planId,
    count,
    selection: {
      view: 'tree',
      body: { project: projectId, filter_conditions: filterConditions(conditions), included_plans: branches, included_tests: leaves },
    },
  };
}
