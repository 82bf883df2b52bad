import { planRoutes, type HistogramPoint, type StatusSlice } from '@testament/contracts';
import { map, of, switchMap, type Observable } from 'rxjs';
import { api } from '../../app/services.ts';
import type { DayRange } from '../../i18n/dates.ts';
import { planLevel, scopeSlices, slicesByPlan } from '../../entities/plan/plan-api.ts';
import type { TestConditions } from '../../entities/test/test-filter.ts';
import type { EstimatePeriod } from './statistics-settings.ts';

/** What the statistics cover: a plan's subtree, or the project's tests (`planId` null), through the tests table's filter. */
export interface StatisticsScope {
  projectId: number;
  planId: number | null;
  conditions: TestConditions;
  /** A past instant to show the plan's statistics as of (`as_of`, folded from the log), or null for now. */
  asOf?: string | null;
}

export type SlicesQuery = StatisticsScope & { period: EstimatePeriod };
/** `attribute` null buckets by day. */
export type HistogramQuery = StatisticsScope & { range: DayRange; attribute: string | null };
/** `archived`: the filter's Show Archived, which also lists archived child plans. */
export type ChildPlansQuery = StatisticsScope & { period: EstimatePeriod; archived: boolean };

/** A direct child plan with its subtree's statistics. */
export interface ChildPlanSlices {
  id: number;
  title: string;
  slices: StatusSlice[];
}

/** The scope as the statistics endpoints take it (§3.4): the project, and the plan as `parent`. */
function scopeQuery({ projectId, planId, conditions }: StatisticsScope) {
  return { project: projectId, ...(planId === null ? {} : { parent: planId }), ...conditions };
}

const plans = api.endpoints(planRoutes);

/** The plan statistics calls (§3.4 Statistics and Histogram). */
export const statisticsApi = {
  slices: (query: SlicesQuery): Observable<StatusSlice[]> =>
    (query.asOf && query.planId !== null
      ? // The plan as it was: its own statistics read, folded from the log up to that time.
        plans.statisticsOfPlan({
          id: query.planId,
          query: { ...query.conditions, estimate_period: query.period, as_of: query.asOf },
        })
      : plans.statistics({ query: { ...scopeQuery(query), estimate_period: query.period } })
    ).pipe(map(scopeSlices)),
  histogram: (query: HistogramQuery): Observable<HistogramPoint[]> =>
    plans.histogram({
      query: { ...scopeQuery(query), start_date: query.range.start, end_date: query.range.end, attribute: query.attribute ?? undefined },
    }),
  /**
   * The plan's direct children (the project's root plans for the root), as the tree bar lists them, each with its subtree's statistics
   * (`plan_ids`).
   */
  childPlans: (query: ChildPlansQuery): Observable<ChildPlanSlices[]> =>
    planLevel({
      projectId: query.projectId,
      parentId: query.planId,
      ordering: 'name',
      search: '',
      pages: 1,
      archived: query.archived,
    }).pipe(
      switchMap(({ items }) =>
        items.length === 0
          ? of([])
          : plans
              .statistics({
                query: { ...scopeQuery(query), estimate_period: query.period, plan_ids: items.map((plan) => plan.id).join(',') },
              })
              .pipe(
                map(slicesByPlan),
                map((answer) => items.map((plan) => ({ id: plan.id, title: plan.title, slices: answer[String(plan.id)] ?? [] }))),
              ),
      ),
    ),
};
