import type { PlanListQuery } from '@testament/contracts';
import type { PlanFilters } from '@testament/projections/plans/queries';
import type { PlanContext } from '../../representations/tests.ts';
import { idsOf } from '../../http/id-lists.ts';

/** `?parent=null` is the roots, a number that plan's children. */
export const parentFilter = (parent: string | undefined): number | null | undefined =>
  parent === undefined ? undefined : parent === 'null' ? null : Number(parent);
const names = (list: string | undefined) => list?.split(',').filter(Boolean);

/** The plans a title search keeps (`search`: the hits; `treesearch`: the hits and their ancestors), or undefined without one. */
function searchedPlans(context: PlanContext, search: string | undefined, withAncestors: boolean): number[] | undefined {
  const text = search?.trim().toLowerCase();
  if (!text) return undefined;
  const hits = context.plans
    .descendantsOf(null)
    .flatMap((node) => (context.title(node).toLowerCase().includes(text) || String(node.id) === text ? [node.id] : []));
  return withAncestors ? [...context.plans.withAncestors(hits)] : hits;
}

export function planFiltersOf(query: Partial<PlanListQuery>, context: PlanContext): PlanFilters {
  const searched = searchedPlans(context, query.search, false);
  const treeSearched = searchedPlans(context, query.treesearch, true);
  return {
    parent: parentFilter(query.parent),
    planIds: searched && treeSearched ? searched.filter(Set.prototype.has, new Set(treeSearched)) : (searched ?? treeSearched),
    includeArchived: query.is_archive,
    parameterIds: idsOf(query.parameters),
    attributes: names(query.attributes),
    anyAttributes: names(query.any_attributes),
    startedAfter: query.test_plan_started_after,
    startedBefore: query.test_plan_started_before,
    createdAfter: query.test_plan_created_after,
    createdBefore: query.test_plan_created_before,
    ordering: query.ordering,
  };
}
