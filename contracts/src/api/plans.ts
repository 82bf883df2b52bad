import { z } from 'zod';
import { queryDateTime } from './query.ts';
import { count, id } from './wire.ts';

export const planMessages = {
  statisticsScope: 'Invalid statistic query parameter, set parent or project',
} as const;

/** A test with no last status (§4.5): not a status row, shown with this label and colour. */
export const UNTESTED_SLICE = { label: 'UNTESTED', color: 'rgba(160, 160, 160, 1)' } as const;

/** `testplans/statistics/`: the whole project with `project=` and no (or a `null`) `parent`, a plan's subtree with `parent=`. */
export const planStatisticsQuery = z.object({
  project: z.string().optional(),
  parent: z.string().optional(),
  estimate_period: z.enum(['minutes', 'hours', 'days', 'seconds']).optional(),
  root_only: z.string().optional(),
});

/** One status group of the "Tests Count" and "Test Estimates" charts (§3.4 StatusSlice). */
export const statusSliceResponse = z.strictObject({
  id: id.nullable(),
  label: z.string(),
  color: z.string(),
  value: count,
  /** The estimates' sum in the chosen unit (a day is 8 hours), rounded to 2 decimals. */
  estimates: z.number(),
  empty_estimates: count,
});
export type StatusSlice = z.output<typeof statusSliceResponse>;

/** The period of `projects/{id}/progress/` (default the last 7 days, whole days). */
export const planProgressQuery = z.object({ start_date: queryDateTime.optional(), end_date: queryDateTime.optional() });

/** `projects/{id}/progress/`: one row per root plan that is not archived (§4.7). */
export const planProgressResponse = z.strictObject({
  id,
  title: z.string(),
  tests_total: count,
  tests_progress_period: count,
  tests_progress_total: count,
});
export type PlanProgress = z.output<typeof planProgressResponse>;
