import type { PlanProgress, StatusSlice } from '@testament/contracts';
import type { Observable } from 'rxjs';
import { apiPath } from '../../api/paths.ts';
import { api } from '../../app/services.ts';

/** A progress period: whole days, the server extends the end to 23:59:59. */
export interface Period {
  start: string;
  end: string;
}

/** The default period: the last 7 days, today included (§2 Overview). */
export function lastSevenDays(today = new Date()): Period {
  const start = new Date(today);
  start.setDate(start.getDate() - 6);
  return { start: isoDay(start), end: isoDay(today) };
}

/** The calendar day the user sees, not the UTC one. */
export function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const overviewApi = {
  /** Tests per last status across the project's plans (the statuses donut). */
  statistics: (projectId: number): Observable<StatusSlice[]> => api.get(apiPath('testplans/statistics/'), { query: { project: projectId } }),
  /** Each root plan's executed tests in the period and overall. */
  progress: ({ projectId, period }: { projectId: number; period: Period }): Observable<PlanProgress[]> =>
    api.get(apiPath(`projects/${projectId}/progress/`), { query: { start_date: period.start, end_date: period.end } }),
};
