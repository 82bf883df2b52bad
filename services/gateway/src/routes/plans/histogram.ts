import {
  ValidationError,
  analyticsMessages,
  parseOrThrow,
  planHistogramQuery,
  type HistogramPoint,
  type PlanHistogramQuery,
  planRoutes,
} from '@testament/contracts';
import {
  countResultsByPoint,
  dayCellsServed,
  dayCounts,
  resultsPerDay,
  type DayCounts,
  type HistoryScope,
} from '@testament/projections/result-history/queries';
import { findTestFields } from '@testament/projections/tests/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { visibleProjectOrFail } from '../../http/project-scope.ts';
import { serve } from '../../http/route-schema.ts';
import { requireUser } from '../../plugins/authentication.ts';
import { filtersTests, onlyLabel, testFiltersOf } from '../../http/test-filters.ts';
import { planContext, type PlanContext } from '../../representations/tests.ts';

import { projectOrPlanScope } from './statistics.ts';

const DAY = 86_400_000;
/** Ten years of days: a longer range is refused rather than drawn. */
const MAX_DAYS = 3_660;

/** Every day of the inclusive range, as `YYYY-MM-DD`. */
function daysBetween(start: string, end: string): string[] {
  const [from, to] = [Date.parse(`${start}T00:00:00Z`), Date.parse(`${end}T00:00:00Z`)];
  if (from > to) throw ValidationError.general(analyticsMessages.datesOrder);
  if ((to - from) / DAY >= MAX_DAYS) throw ValidationError.general(`The date interval may span at most ${MAX_DAYS} days.`);
  const days: string[] = [];
  for (let time = from; time <= to; time += DAY) days.push(new Date(time).toISOString().slice(0, 10));
  return days;
}

/** Attribute buckets in numeric order when every value is an integer, else lexicographic (§4.6). */
function bucketOrder(values: Iterable<string>): string[] {
  const all = [...values];
  return all.every((value) => /^-?\d+$/.test(value)) ? all.sort((a, b) => Number(a) - Number(b)) : all.sort();
}

/** Points with one entry per project status (zeros included), in the project's status order. */
function pointsOf(counts: ReadonlyMap<string, ReadonlyMap<number, number>>, context: PlanContext): HistogramPoint[] {
  return [...counts].map(([point, byStatus]) => {
    const entries = [...context.statuses.values()].map((status) => [
      String(status._id),
      { label: status.name.toLowerCase(), count: byStatus.get(status._id) ?? 0, color: status.color },
    ]);
    return { point, ...Object.fromEntries(entries) } as HistogramPoint;
  });
}

/**
 * The results of the matching tests created in the range, counted by day or
 * by a result attribute's value; `last_status` means the result's status here.
 */
async function countResults(
  context: GatewayContext,
  planning: PlanContext,
  query: PlanHistogramQuery,
  planIds: number[] | undefined,
  days: string[],
) {
  const { statuses, ...testFilters } = await testFiltersOf(context.system.readStore, planning, query, planIds);
  const testIds = (await findTestFields(context.system.readStore, planning.project._id, testFilters, [])).map((test) => test._id);
  const to = new Date(Date.parse(`${days.at(-1)}T00:00:00Z`) + DAY).toISOString();
  const groups = await countResultsByPoint(context.system.readStore, {
    from: `${days[0]}T00:00:00.000Z`,
    to,
    testIds,
    includeArchived: query.is_archive ?? false,
    statuses: statuses?.filter((status): status is number => status !== null),
    attribute: query.attribute,
  });
  const counts = new Map<string, Map<number, number>>(query.attribute === undefined ? days.map((day) => [day, new Map()]) : []);
  for (const { point, status, results } of groups) {
    let byStatus = counts.get(point);
    if (!byStatus) {
      byStatus = new Map();
      counts.set(point, byStatus);
    }
    byStatus.set(status, results);
  }
  return query.attribute === undefined ? counts : new Map(bucketOrder(counts.keys()).map((point) => [point, counts.get(point)!]));
}

/** `testplans/histogram/` and `testplans/{id}/histogram/` (§3.4, §4.6). */
export function registerPlanHistogram(
  app: FastifyInstance,
  context: GatewayContext,
  visiblePlan: (request: FastifyRequest) => Promise<{ _id: number; projectId: number }>,
) {
  const { readStore } = context.system;

  /**
   * Unfiltered and by day, the per-day counters answer (the project's, or its plans'), and so do a label's for a project filtered by that
   * label alone; otherwise, or while an upgrade builds the counters anew, the results in the range are counted.
   */
  async function histogram(request: FastifyRequest, projectId: number, planId: number | null): Promise<HistogramPoint[]> {
    const query = parseOrThrow(planHistogramQuery, request.query);
    if (!query.start_date || !query.end_date) throw ValidationError.general(analyticsMessages.histogramDates);
    const days = daysBetween(query.start_date, query.end_date);
    const planning = await planContext(readStore, await visibleProjectOrFail(readStore, requireUser(request), projectId));
    const planIds = planId === null ? undefined : query.root_only ? [planId] : planning.plans.subtreeIds(planId);
    const byCells = query.attribute === undefined && dayCellsServed(context.system.runner);
    const counters = byCells ? await dayCounters(query, projectId, planIds, days) : undefined;
    if (counters) return pointsOf(resultsPerDay([counters], days, query.is_archive ?? false), planning);
    return pointsOf(await countResults(context, planning, query, planIds, days), planning);
  }

  /** The day counters that answer a histogram by day: the plans', the project's, or a label's in a project; none under other filters. */
  async function dayCounters(
    query: PlanHistogramQuery,
    projectId: number,
    planIds: number[] | undefined,
    days: readonly string[],
  ): Promise<DayCounts | undefined> {
    const counted = (scope: HistoryScope, ids: number[]) => dayCounts(readStore, projectId, scope, ids, days[0]!, days.at(-1)!);
    if (!filtersTests(query)) return planIds ? counted('plan', planIds) : counted('project', [projectId]);
    const labelId = planIds === undefined ? onlyLabel(query) : undefined;
    return labelId === undefined ? undefined : counted('label', [labelId]);
  }

  serve(app, planRoutes.histogram, async (request) => {
    const { projectId, planId } = await projectOrPlanScope(readStore, request);
    return histogram(request, projectId, planId);
  });

  serve(app, planRoutes.histogramOfPlan, async (request) => {
    const plan = await visiblePlan(request);
    return histogram(request, plan.projectId, plan._id);
  });
}
