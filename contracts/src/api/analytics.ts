import { z } from 'zod';
import { queryBoolean, queryIdList, queryIdOrNullList } from './fields.ts';
import { paginationQuery } from './query.ts';
import { breadcrumbsResponse } from './suites.ts';
import { testFilterQuery } from './tests.ts';
import { count, id, timestamp } from './wire.ts';

export const analyticsMessages = {
  histogramDates: 'Date interval is not passed',
  wrongDate: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  datesOrder: 'The start date must not be after the end date.',
} as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, analyticsMessages.wrongDate)
  .refine((value) => !Number.isNaN(Date.parse(value)), analyticsMessages.wrongDate);

/**
 * `testplans/histogram/?project=&parent=` and `testplans/{id}/histogram/` (§3.4, §4.6):
 * results per UTC day of `[start_date, end_date]` (or per value of a result
 * attribute), under the tests filters, where `last_status` means the result's status.
 */
export const planHistogramQuery = testFilterQuery.extend({
  project: z.string().optional(),
  parent: z.string().optional(),
  start_date: day.optional(),
  end_date: day.optional(),
  attribute: z.string().optional(),
  root_only: queryBoolean.optional(),
});
export type PlanHistogramQuery = z.output<typeof planHistogramQuery>;

/** One status's count at a point: `label` is the lower-case name. */
export const histogramEntry = z.strictObject({ label: z.string(), count, color: z.string() });
export type HistogramEntry = z.output<typeof histogramEntry>;

/** A point: `point` is the day (`YYYY-MM-DD`) or the attribute value, then one entry per project status keyed by its id. */
export const histogramPoint = z.object({ point: z.string() }).catchall(z.union([z.string(), histogramEntry]));
export type HistogramPoint = { point: string } & Record<string, HistogramEntry | string>;
export const planHistogramResponse = z.array(histogramPoint);

/** §3.4 activity actions: a result added (`+`), updated (`~`, archive included) or deleted (`-`). */
export const ACTIVITY_ACTIONS = { '+': 'added', '~': 'updated', '-': 'deleted' } as const;
export type ActivityType = keyof typeof ACTIVITY_ACTIONS;
export const ACTIVITY_PAGE_SIZES = [10, 100, 200, 500, 1000] as const;

const ACTIVITY_ORDER = 'history_user|history_date|history_type|test__case__name';
const historyTypes = z
  .string()
  .regex(/^[+~-](,[+~-])*$/, 'Select a valid choice. Use +, ~ or -.')
  .transform((value) => [...new Set(value.split(','))] as ActivityType[]);
const idList = queryIdList.transform((value) => value.split(',').map(Number));

/** `testplans/{id}/activity/`: the result history of the plan's subtree, newest first unless ordered otherwise. */
export const planActivityQuery = paginationQuery.extend({
  search: z.string().optional(),
  history_user: idList.optional(),
  /** Status ids; `null` is accepted and matches nothing (every history row has a status). */
  status: queryIdOrNullList.optional(),
  history_type: historyTypes.optional(),
  test: idList.optional(),
  ordering: z
    .string()
    .regex(new RegExp(`^-?(${ACTIVITY_ORDER})(,-?(${ACTIVITY_ORDER}))*$`), 'Invalid ordering.')
    .optional(),
});
export type PlanActivityQuery = z.output<typeof planActivityQuery>;

/** One change of a result (§3.4 ActivityItem); the status is named and coloured as it was then. */
export const activityItemResponse = z.strictObject({
  id,
  status: id,
  status_text: z.string(),
  status_color: z.string(),
  username: z.string(),
  action: z.enum(['added', 'updated', 'deleted']),
  test_id: id,
  test_name: z.string(),
  action_timestamp: timestamp,
  avatar_link: z.string().nullable(),
  is_archive: z.boolean(),
  breadcrumbs: breadcrumbsResponse,
});
export type ActivityItem = z.output<typeof activityItemResponse>;

/** The activity envelope: a page of rows, then grouped by UTC day (`YYYY-MM-DDT00:00:00Z`), newest day first (K6). */
export const planActivityResponse = z.strictObject({
  links: z.strictObject({ next: z.string().nullable(), previous: z.string().nullable() }),
  count,
  pages: z.strictObject({ next: id.nullable(), previous: id.nullable(), current: id, total: id }),
  results: z.record(z.string(), z.array(activityItemResponse)),
});
export type PlanActivity = z.output<typeof planActivityResponse>;
