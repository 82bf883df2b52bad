import { planRoutes, type PlanProgress, type StatusSlice } from '@testament/contracts';
import { map, type Observable } from 'rxjs';
import { api } from '../../app/services.ts';
import type { DayRange } from '../../i18n/dates.ts';
import { scopeSlices } from '../../entities/plan/plan-api.ts';

const plans = api.endpoints(planRoutes);

/** The executed tests' default period: the last 7 days, today included (§2 Overview). */
export const PROGRESS_DAYS = 7;

export const overviewApi = {
  /** Tests per last status across the project's plans (the statuses donut). */
  statistics: (projectId: number): Observable<StatusSlice[]> => plans.statistics({ query: { project: projectId } }).pipe(map(scopeSlices)),
  /** The tests of the project assigned to someone, per last status (the Assigned to me donut). */
  assigned: ({ projectId, userId }: { projectId: number; userId: number }): Observable<StatusSlice[]> =>
    plans.statistics({ query: { project: projectId, assignee: userId } }).pipe(map(scopeSlices)),
  /** Each root plan's executed tests in the period (whole days; the server takes the end to 23:59:59) and overall. */
  progress: ({ projectId, period }: { projectId: number; period: DayRange }): Observable<PlanProgress[]> =>
    plans.projectProgress({ id: projectId, query: { start_date: period.start, end_date: period.end } }),
};
