import {
  NotFoundError,
  UNTESTED_SLICE,
  ValidationError,
  parseOrThrow,
  planMessages,
  planProgressQuery,
  planProgressResponse,
  planStatisticsQuery,
  planStatisticsResponse,
  type PlanProgress,
  type StatusSlice,
} from '@testament/contracts';
import { findPlan, findTestFields, testsResultedBetween, type TestFilters } from '@testament/projections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import { visibleProjectOrFail } from '../../http/project-scope.ts';
import type { routeContracts } from '../../http/route-schema.ts';
import { requireUser } from '../../plugins/authentication.ts';
import { testFiltersOf } from '../tests/filters.ts';
import { planContext, type PlanContext } from '../tests/representation.ts';
import { PLAN_DETAIL, PLANS_BASE } from './filters.ts';

/** Seconds per unit of `estimate_period` (§4.5: a day is 8 working hours). */
const ESTIMATE_UNIT = { seconds: 1, minutes: 60, hours: 3_600, days: 28_800 } as const;

type Counted = { lastStatus: number | null; estimate: number | null };

/**
 * §4.5: tests per last status with their estimates in the unit; the groups
 * present by count (descending), then every other status of the project in its
 * order with zeros, then UNTESTED if absent.
 */
function slicesOf(tests: Iterable<Counted>, context: PlanContext, unit: number): StatusSlice[] {
  const groups = new Map<number | null, { value: number; seconds: number; empty: number }>();
  for (const { lastStatus, estimate } of tests) {
    const group = groups.get(lastStatus) ?? { value: 0, seconds: 0, empty: 0 };
    group.value += 1;
    group.seconds += estimate ?? 0;
    if (!estimate) group.empty += 1;
    groups.set(lastStatus, group);
  }
  const labelled = (id: number | null) => {
    if (id === null) return { id, ...UNTESTED_SLICE };
    const status = context.statuses.get(id);
    return { id, label: (status?.name ?? String(id)).toUpperCase(), color: status?.color ?? UNTESTED_SLICE.color };
  };
  const present = [...groups]
    .sort(([, a], [, b]) => b.value - a.value)
    .map(([id, group]) => ({ ...labelled(id), value: group.value, estimates: Math.round((group.seconds / unit) * 100) / 100, empty_estimates: group.empty }));
  const zero = { value: 0, estimates: 0, empty_estimates: 0 };
  const absent = [...context.statuses.keys(), null].filter((id) => !groups.has(id)).map((id) => ({ ...labelled(id), ...zero }));
  return [...present, ...absent];
}

/** Plan statistics and progress (§3.4, §4.5, §4.7), worked out from the tests read model per request. */
export function registerPlanStatistics(app: FastifyInstance, context: GatewayContext, contract: ReturnType<typeof routeContracts>, visiblePlan: (request: FastifyRequest) => Promise<{ _id: number; projectId: number }>) {
  const { readStore } = context.system;

  async function statistics(request: FastifyRequest, projectId: number, planId: number | null) {
    const query = parseOrThrow(planStatisticsQuery, request.query);
    const planning = await planContext(readStore, await visibleProjectOrFail(readStore, requireUser(request), projectId));
    const scope = planId === null ? undefined : query.root_only ? [planId] : planning.plans.subtreeIds(planId);
    const filters: TestFilters = await testFiltersOf(readStore, planning, query, scope);
    const unit = ESTIMATE_UNIT[query.estimate_period ?? 'minutes'];
    const tests = await findTestFields(readStore, projectId, filters, ['lastStatus', 'estimate', 'planId']);
    if (query.plan_ids === undefined) return slicesOf(tests, planning, unit);
    // Child-plan mode: each plan over its own subtree.
    return Object.fromEntries(
      query.plan_ids.split(',').map((id) => {
        const subtree = new Set(planning.plans.subtreeIds(Number(id)));
        return [id, slicesOf(tests.filter((test) => subtree.has(test.planId)), planning, unit)];
      }),
    );
  }

  app.get(
    `${PLANS_BASE}statistics/`,
    contract({ summary: 'Tests per last status, with estimates, in a project or a plan’s subtree, under the tests filters', querystring: planStatisticsQuery, response: { 200: planStatisticsResponse } }),
    async (request) => {
      requireUser(request);
      const { project, parent } = (request.query ?? {}) as { project?: string; parent?: string };
      if (parent !== undefined && parent !== '' && parent !== 'null') {
        if (!/^\d+$/.test(parent)) throw ValidationError.of('parent', 'A valid integer is required.');
        const plan = await findPlan(readStore, Number(parent));
        if (!plan) throw new NotFoundError();
        return statistics(request, plan.projectId, plan._id);
      }
      if (project === undefined || project === '') throw ValidationError.general(planMessages.statisticsScope);
      if (!/^\d+$/.test(project)) throw ValidationError.of('project', 'A valid integer is required.');
      return statistics(request, Number(project), null);
    },
  );

  app.get(
    `${PLAN_DETAIL}statistics/`,
    contract({ summary: 'Tests per last status, with estimates, in the plan’s subtree (`root_only`: the plan alone)', querystring: planStatisticsQuery, response: { 200: planStatisticsResponse } }),
    async (request) => {
      const plan = await visiblePlan(request);
      return statistics(request, plan.projectId, plan._id);
    },
  );

  /** §4.7 and D13: per plan, its subtree's unarchived tests, those with a status, and those with a result in the period (the last 7 days by default). */
  async function progressOf(request: FastifyRequest, planning: PlanContext, planIds: readonly number[]): Promise<PlanProgress[]> {
    const period = parseOrThrow(planProgressQuery, request.query);
    const end = period.end_date ? new Date(period.end_date) : new Date();
    const start = period.start_date ? new Date(period.start_date) : new Date(end.getTime() - 7 * 86_400_000);
    const [tests, resulted] = await Promise.all([
      findTestFields(readStore, planning.project._id, {}, ['planId', 'lastStatus']),
      testsResultedBetween(readStore, planning.project._id, start.toISOString(), end.toISOString()),
    ]);
    return planIds.flatMap((planId) => {
      const node = planning.plans.node(planId);
      if (!node || node.isArchive) return [];
      const subtree = new Set(planning.plans.subtreeIds(planId));
      const own = tests.filter((test) => subtree.has(test.planId));
      return [
        {
          id: planId,
          title: planning.title(node),
          tests_total: own.length,
          tests_progress_period: own.filter((test) => resulted.has(test._id)).length,
          tests_progress_total: own.filter((test) => test.lastStatus !== null).length,
        },
      ];
    });
  }

  app.get(
    '/api/v2/projects/:id(^\\d+)/progress/',
    contract({ summary: 'Progress of each root plan of the project that is not archived, in a period', querystring: planProgressQuery, response: { 200: z.array(planProgressResponse) } }),
    async (request) => {
      const project = await visibleProjectOrFail(readStore, requireUser(request), Number((request.params as { id: string }).id));
      const planning = await planContext(readStore, project);
      return progressOf(
        request,
        planning,
        planning.plans.childrenOf(null).map((node) => node.id),
      );
    },
  );

  app.get(
    `${PLAN_DETAIL}progress/`,
    contract({ summary: 'Progress of each direct child plan that is not archived, in a period (D13)', querystring: planProgressQuery, response: { 200: z.array(planProgressResponse) } }),
    async (request) => {
      const plan = await visiblePlan(request);
      const planning = await planContext(readStore, await visibleProjectOrFail(readStore, requireUser(request), plan.projectId));
      return progressOf(
        request,
        planning,
        planning.plans.childrenOf(plan._id).map((node) => node.id),
      );
    },
  );
}
