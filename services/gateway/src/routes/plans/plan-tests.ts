import { formatEstimate, parseOrThrow, planUnionQuery, testListQuery, planRoutes } from '@testament/contracts';
import type { ReadStore } from '@testament/infra';
import { attachmentsByIds } from '@testament/projections/attachments/queries';
import { findTestFields, planTestCounts, type TestFilters } from '@testament/projections/tests/queries';
import { listPlans, type PlanDocument } from '@testament/projections/plans/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { requiredProjectQuery, visibleProjectOrFail } from '../../http/project-scope.ts';
import { serve } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { throwIfAborted } from '../../plugins/cancellation.ts';
import { filtersTests, listTestsOrdered, testFiltersOf } from '../../http/test-filters.ts';
import { planContext, testRepresentation, testShowing, type PlanContext } from '../../representations/tests.ts';
import { planRepresentation } from '../../representations/plans.ts';
import { parentFilter, planFiltersOf } from './filters.ts';

type Totals = Map<number, { tests: number; estimate: number }>;

/** Each plan's own counts summed up the tree: every plan's subtree totals. */
function summedUp(context: PlanContext, own: Totals): Totals {
  return context.plans.sumUp(own, { tests: 0, estimate: 0 }, (total, sum) => ({
    tests: total.tests + sum.tests,
    estimate: total.estimate + sum.estimate,
  }));
}

/**
 * Tests and estimates per plan subtree (D16: one read for the whole level):
 * without test filters from the counts the read model keeps per plan,
 * otherwise from the matching tests themselves.
 */
export async function subtreeTotals(readStore: ReadStore, context: PlanContext, filters: TestFilters, filtering: boolean): Promise<Totals> {
  const own: Totals = new Map();
  if (!filtering) {
    const kept = filters.planIds && new Set(filters.planIds);
    for (const [planId, count] of await planTestCounts(readStore, context.project._id)) {
      if (kept && !kept.has(planId)) continue;
      own.set(
        planId,
        filters.includeArchived
          ? { tests: count.tests + count.archivedTests, estimate: count.estimate + count.archivedEstimate }
          : { tests: count.tests, estimate: count.estimate },
      );
    }
    return summedUp(context, own);
  }
  for (const { planId, estimate } of await findTestFields(readStore, context.project._id, filters, ['planId', 'estimate'])) {
    const sum = own.get(planId) ?? { tests: 0, estimate: 0 };
    sum.tests += 1;
    sum.estimate += estimate ?? 0;
    own.set(planId, sum);
  }
  return summedUp(context, own);
}

/** The views that mix plans and their tests: a tree level (`union/`) and a plan's tests (§3.4, §4.20). */
export function registerPlanTests(
  app: FastifyInstance,
  context: GatewayContext,
  visiblePlan: (request: FastifyRequest) => Promise<PlanDocument>,
) {
  const { readStore } = context.system;

  serve(app, planRoutes.union, async (request) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
    const query = parseOrThrow(planUnionQuery, request.query);
    const page = pageRequest(query);
    const planning = await planContext(readStore, project);
    const parent = parentFilter(query.parent) ?? null;
    const filters = await testFiltersOf(readStore, planning, query);
    // While tests are filtered, only plans with matching tests below them are listed.
    const filtering = filtersTests(query);
    // Only the parent's subtree counts at this level.
    const below = parent === null ? undefined : new Set(planning.plans.subtreeIds(parent));
    const planIds = below && filters.planIds ? filters.planIds.filter((id) => below.has(id)) : below ? [...below] : filters.planIds;
    const totals = await subtreeTotals(readStore, planning, { ...filters, planIds }, filtering);
    const planFilters = planFiltersOf(
      { ...query, parent: query.parent, search: undefined, treesearch: undefined, ordering: planOrdering(query.ordering) },
      planning,
    );
    const level = (
      await listPlans(
        readStore,
        project._id,
        { ...planFilters, includeArchived: query.is_archive },
        { skip: 0, limit: Number.MAX_SAFE_INTEGER },
      )
    ).items.filter((plan) => !filtering || (totals.get(plan._id)?.tests ?? 0) > 0);
    const shownPlans = level.slice(page.skip, page.skip + page.limit);
    const testWindow = { ...page, skip: Math.max(0, page.skip - level.length), limit: page.limit - shownPlans.length };
    const tests =
      parent === null
        ? { items: [], count: 0 }
        : await listTestsOrdered(
            readStore,
            planning,
            { ...filters, planIds: [parent] },
            testOrdering(query.ordering),
            'name',
            testWindow.limit > 0 ? testWindow : { ...page, skip: 0, limit: 1 },
          );
    const shownTests = testWindow.limit > 0 ? tests.items : [];
    const origin = ownOrigin(request);
    const showing = await testShowing(readStore, planning, shownTests, origin);
    const files = new Map(
      (
        await attachmentsByIds(
          readStore,
          shownPlans.flatMap((plan) => plan.attachmentIds),
        )
      ).map((file) => [file._id, file]),
    );
    throwIfAborted(request);
    return paginated(request, page, level.length + tests.count, [
      ...shownPlans.map((plan) => {
        const { url: _url, attachments: _attachments, ...listed } = planRepresentation(plan, planning, files, origin);
        const total = totals.get(plan._id) ?? { tests: 0, estimate: 0 };
        // K12: here a plan has children when it has child plans or tests.
        const hasChildren = listed.has_children || total.tests > 0;
        return {
          ...listed,
          has_children: hasChildren,
          is_leaf: false as const,
          estimate: formatEstimate(total.estimate),
          union_count: total.tests,
        };
      }),
      ...shownTests.map((test) => {
        const { url: _url, plan_path: _path, ...listed } = testRepresentation(test, showing);
        return { ...listed, is_leaf: true as const };
      }),
    ]);
  });

  serve(app, planRoutes.tests, async (request) => {
    const plan = await visiblePlan(request);
    const query = parseOrThrow(testListQuery, request.query);
    const page = pageRequest(query);
    const project = await visibleProjectOrFail(readStore, requireUser(request), plan.projectId);
    const planning = await planContext(readStore, project);
    const scope = query.show_descendants ? planning.plans.subtreeIds(plan._id) : [plan._id];
    const { items, count } = await listTestsOrdered(
      readStore,
      planning,
      await testFiltersOf(readStore, planning, query, scope),
      query.ordering,
      'created_at',
      page,
    );
    const showing = await testShowing(readStore, planning, items, ownOrigin(request));
    return paginated(
      request,
      page,
      count,
      items.map((test) => testRepresentation(test, showing)),
    );
  });
}

/** The union view's order split in two: the plans' terms (plans are listed first) and the tests' terms. */
const PLAN_TERMS = new Set(['id', 'started_at', 'created_at', 'name']);
const TEST_TERMS = new Set(['id', 'created_at', 'name', 'assignee_username', 'suite_path', 'estimate', 'started_at']);
const termsOf = (ordering: string | undefined, known: ReadonlySet<string>) =>
  ordering
    ?.split(',')
    .filter((term) => known.has(term.replace(/^-/, '')))
    .join(',') || undefined;
const planOrdering = (ordering: string | undefined) => termsOf(ordering, PLAN_TERMS);
const testOrdering = (ordering: string | undefined) => termsOf(ordering, TEST_TERMS);
