import {
  NotFoundError,
  UNTESTED_SLICE,
  ValidationError,
  parseOrThrow,
  planMessages,
  planProgressQuery,
  planStatisticsQuery,
  type PlanProgress,
  type StatusSlice,
  planRoutes,
} from '@testament/contracts';
import {
  UNTESTED_KEY,
  filteredPlanCounts,
  planTestCounts,
  statusKey,
  sumStatusTallies,
  type StatusTally,
} from '@testament/projections/tests/queries';
import { findPlan } from '@testament/projections/plans/queries';
import { dayCellsServed, testsResultedPerPlan } from '@testament/projections/result-history/queries';
import type { ReadStore } from '@testament/infra';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { WHOLE_PROJECT, readStoreAsOf } from '../../http/as-of.ts';
import { idsOf } from '../../http/id-lists.ts';
import { visibleProjectOrFail } from '../../http/project-scope.ts';
import { serve } from '../../http/route-schema.ts';
import { requireUser } from '../../plugins/authentication.ts';
import { filtersTests, testFiltersOf } from '../../http/test-filters.ts';
import { planContext, type PlanContext } from '../../representations/tests.ts';

/**
 * The scope of `testplans/statistics/` and `histogram/`: a plan's subtree with
 * `parent=`, else the whole project with `project=` (§3.4).
 */
export async function projectOrPlanScope(
  readStore: ReadStore,
  request: FastifyRequest,
): Promise<{ projectId: number; planId: number | null }> {
  requireUser(request);
  const { project, parent } = (request.query ?? {}) as { project?: string; parent?: string };
  if (parent !== undefined && parent !== 'null') {
    if (!/^\d+$/.test(parent)) throw ValidationError.of('parent', 'A valid integer is required.');
    const plan = await findPlan(readStore, Number(parent));
    if (!plan) throw new NotFoundError();
    return { projectId: plan.projectId, planId: plan._id };
  }
  if (project === undefined) throw ValidationError.general(planMessages.statisticsScope);
  if (!/^\d+$/.test(project)) throw ValidationError.of('project', 'A valid integer is required.');
  return { projectId: Number(project), planId: null };
}

/** Seconds per unit of `estimate_period` (§4.5: a day is 8 working hours). */
const ESTIMATE_UNIT = { seconds: 1, minutes: 60, hours: 3_600, days: 28_800 } as const;

/**
 * §4.5: tests per last status with their estimates in the unit; the groups
 * present by count (descending), then every other status of the project in its
 * order with zeros, then UNTESTED if absent.
 */
function slicesOf(tallies: ReadonlyMap<string, StatusTally>, context: PlanContext, unit: number): StatusSlice[] {
  const labelled = (key: string) => {
    if (key === UNTESTED_KEY) return { id: null, ...UNTESTED_SLICE };
    const status = context.statuses.get(Number(key));
    return { id: Number(key), label: (status?.name ?? key).toUpperCase(), color: status?.color ?? UNTESTED_SLICE.color };
  };
  // Ties keep the project's status order, UNTESTED last.
  const order = [...[...context.statuses.keys()].map(statusKey), UNTESTED_KEY];
  const rank = (key: string) => (order.indexOf(key) + order.length + 1) % (order.length + 1);
  const present = [...tallies]
    .filter(([, tally]) => tally.tests > 0)
    .sort(([a, x], [b, y]) => y.tests - x.tests || rank(a) - rank(b))
    .map(([key, tally]) => ({
      ...labelled(key),
      value: tally.tests,
      estimates: Math.round((tally.estimate / unit) * 100) / 100,
      empty_estimates: tally.unestimated,
    }));
  const zero = { value: 0, estimates: 0, empty_estimates: 0 };
  const absent = order.filter((key) => !(tallies.get(key)?.tests ?? 0)).map((key) => ({ ...labelled(key), ...zero }));
  return [...present, ...absent];
}

/** Plan statistics and progress (§3.4, §4.5, §4.7). */
export function registerPlanStatistics(
  app: FastifyInstance,
  context: GatewayContext,
  visiblePlan: (request: FastifyRequest) => Promise<{ _id: number; projectId: number }>,
) {
  const { readStore } = context.system;
  const live = readStore;

  /**
   * Unfiltered, the plans' counters answer (each plan's own tests by last
   * status); with tests filters, the matching tests are tallied.
   */
  async function statistics(request: FastifyRequest, reply: FastifyReply, projectId: number, planId: number | null) {
    const query = parseOrThrow(planStatisticsQuery, request.query);
    const project = await visibleProjectOrFail(live, requireUser(request), projectId);
    // With `as_of`, the same questions are asked of the project as it was then.
    const readStore = await readStoreAsOf(
      context,
      request,
      reply,
      projectId,
      planId === null ? WHOLE_PROJECT : { kind: 'plans', planIds: [planId, ...(idsOf(query.plan_ids) ?? [])] },
    );
    const planning = await planContext(readStore, project);
    const unit = ESTIMATE_UNIT[query.estimate_period ?? 'minutes'];
    const scope =
      planId === null
        ? planning.plans.descendantsOf(null).map((node) => node.id)
        : query.root_only
          ? [planId]
          : planning.plans.subtreeIds(planId);
    const requested = query.plan_ids?.split(',');
    const subtreeOf = (id: string) => new Set(query.root_only ? [Number(id)] : planning.plans.subtreeIds(Number(id)));
    const filtered = filtersTests(query);
    // Unfiltered, the plans' counters; filtered, the matching tests counted by plan and status in the database.
    const counts = filtered
      ? await filteredPlanCounts(readStore, projectId, await testFiltersOf(readStore, planning, query, planId === null ? undefined : scope))
      : await planTestCounts(readStore, projectId);
    const tallied = (planIds: Iterable<number>) =>
      slicesOf(sumStatusTallies(counts, planIds, !filtered && (query.is_archive ?? false)), planning, unit);
    if (requested === undefined) return tallied(scope);
    // Child-plan mode: each plan over its own subtree.
    return Object.fromEntries(requested.map((id) => [id, tallied(subtreeOf(id))]));
  }

  serve(app, planRoutes.statistics, async (request, reply) => {
    const { projectId, planId } = await projectOrPlanScope(readStore, request);
    return statistics(request, reply, projectId, planId);
  });

  serve(app, planRoutes.statisticsOfPlan, async (request, reply) => {
    const plan = await visiblePlan(request);
    return statistics(request, reply, plan.projectId, plan._id);
  });

  /**
   * §4.7 and D13: per plan, its subtree's unarchived tests and those with a
   * status (from the plans' counters), and those with a result in the period
   * (the last 7 days by default, whole days).
   */
  async function progressOf(request: FastifyRequest, planning: PlanContext, planIds: readonly number[]): Promise<PlanProgress[]> {
    const period = parseOrThrow(planProgressQuery, request.query);
    const end = period.end_date ? new Date(period.end_date) : new Date();
    const start = period.start_date ? new Date(period.start_date) : new Date(end.getTime() - 6 * 86_400_000);
    const [counts, resultedPerPlan] = await Promise.all([
      planTestCounts(readStore, planning.project._id),
      testsResultedPerPlan(
        readStore,
        planning.project._id,
        start.toISOString().slice(0, 10),
        end.toISOString().slice(0, 10),
        dayCellsServed(context.system.runner),
      ),
    ]);
    return planIds.flatMap((planId) => {
      const node = planning.plans.node(planId);
      if (!node || node.isArchive) return [];
      const subtree = planning.plans.subtreeIds(planId);
      const tallies = sumStatusTallies(counts, subtree, false);
      const total = [...tallies.values()].reduce((sum, tally) => sum + tally.tests, 0);
      return [
        {
          id: planId,
          title: planning.title(node),
          tests_total: total,
          tests_progress_period: subtree.reduce((sum, id) => sum + (resultedPerPlan.get(id) ?? 0), 0),
          tests_progress_total: total - (tallies.get(UNTESTED_KEY)?.tests ?? 0),
        },
      ];
    });
  }

  serve(app, planRoutes.projectProgress, async (request) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), Number((request.params as { id: string }).id));
    const planning = await planContext(readStore, project);
    return progressOf(
      request,
      planning,
      planning.plans.childrenOf(null).map((node) => node.id),
    );
  });

  serve(app, planRoutes.progress, async (request) => {
    const plan = await visiblePlan(request);
    const planning = await planContext(readStore, await visibleProjectOrFail(readStore, requireUser(request), plan.projectId));
    return progressOf(
      request,
      planning,
      planning.plans.childrenOf(plan._id).map((node) => node.id),
    );
  });
}
