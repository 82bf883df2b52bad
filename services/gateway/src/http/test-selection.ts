import {
  ValidationError,
  bulkMessages,
  parseOrThrow,
  testFilterQuery,
  testMessages,
  type TestBulkUpdateBody,
  type TestBulkUpdateTreeBody,
} from '@testament/contracts';
import { findTestFields } from '@testament/projections/tests/queries';
import type { ReadStore } from '@testament/infra';
import { testFiltersOf } from './test-filters.ts';
import type { PlanContext } from '../representations/tests.ts';

/** The tests a bulk action covers, with where each is. */
export type SelectedTests = Array<{ _id: number; suiteId: number; planId: number }>;

/**
 * Which tests a bulk action covers (§4.11), as the tests list or tree chose them:
 * in the list, the filtered tests (in `current_plan`'s subtree) minus
 * `excluded_tests`, or only `included_tests`; in the tree, whole plan subtrees
 * and single tests, after the filters.
 */
export type TestSelection =
  | ({ view: 'list' } & Pick<TestBulkUpdateBody, 'current_plan' | 'included_tests' | 'excluded_tests' | 'filter_conditions'>)
  | ({ view: 'tree' } & Pick<TestBulkUpdateTreeBody, 'included_plans' | 'included_tests' | 'filter_conditions'>);

/** The project's tests that pass the filter conditions, within these plans when given. */
async function filtered(
  readStore: ReadStore,
  planning: PlanContext,
  conditions: Record<string, string> | undefined,
  planIds?: number[],
): Promise<SelectedTests> {
  const query = parseOrThrow(testFilterQuery, conditions ?? {});
  return findTestFields(readStore, planning.project._id, await testFiltersOf(readStore, planning, query, planIds), ['suiteId', 'planId']);
}

/** The selected tests, resolved once from the read models. */
export async function selectedTests(readStore: ReadStore, planning: PlanContext, selection: TestSelection): Promise<SelectedTests> {
  if (selection.view === 'tree') {
    const plans = new Set((selection.included_plans ?? []).flatMap((planId) => planning.plans.subtreeIds(planId)));
    const included = new Set(selection.included_tests);
    return (await filtered(readStore, planning, selection.filter_conditions)).filter(
      (test) => plans.has(test.planId) || included.has(test._id),
    );
  }
  if (selection.included_tests && selection.excluded_tests) throw ValidationError.general(bulkMessages.includedAndExcluded);
  if (selection.current_plan && !planning.plans.node(selection.current_plan))
    throw ValidationError.of('current_plan', testMessages.planUnknown(selection.current_plan));
  const within = selection.current_plan ? planning.plans.subtreeIds(selection.current_plan) : undefined;
  const included = selection.included_tests && new Set(selection.included_tests);
  const excluded = new Set(selection.excluded_tests);
  return (await filtered(readStore, planning, selection.filter_conditions, within)).filter(
    (test) => (!included || included.has(test._id)) && !excluded.has(test._id),
  );
}
