import type { ActivityType } from '@testament/contracts';

/** Results by status id: how many. */
export type StatusCounts = Record<string, number>;

/**
 * Live results per UTC day of creation (`YYYY-MM-DD`) and status, archived ones apart (a result or its test archived): what the histogram
 * draws, summed from the days' cells.
 */
export interface DayCounts {
  days: Record<string, StatusCounts>;
  archivedDays: Record<string, StatusCounts>;
}

/** `plan_history`: one document per plan, with its history rows per status, for the activity's status filter. A subtree sums its plans. */
export interface PlanHistoryDocument {
  [key: string]: unknown;
  _id: number;
  projectId: number;
  rowStatuses: StatusCounts;
}

export const PLAN_HISTORY = 'plan_history';

/** Whose results a day's cell counts: a plan's own tests', a whole project's, or those of the project's tests that carry a label. */
export type HistoryScope = 'plan' | 'project' | 'label';

/**
 * `history_days`: one cell per plan, project or label and UTC day of creation (`YYYY-MM-DD`) that has results: how many live results
 * it has of each status, archived ones apart (the result or its test archived). A result changes a few small cells: a document per
 * plan, project and label with all its days was rewritten whole (2.6 KB a plan, 3 KB a label) for every result or batch, most of the
 * fold's writes.
 */
export interface HistoryDayDocument {
  [key: string]: unknown;
  /** `<scope>:<scopeId>:<day>` */
  _id: string;
  scope: HistoryScope;
  scopeId: number;
  projectId: number;
  day: string;
  live: StatusCounts;
  archived: StatusCounts;
}

export const HISTORY_DAYS = 'history_days';

export const historyDayId = (scope: HistoryScope, scopeId: number, day: string): string => `${scope}:${scopeId}:${day}`;

/**
 * `history_last_days`: per plan and month (`YYYY-MM`), how many of the plan's own live, unarchived tests have their newest live result
 * on each day of it: how many tests got a result in a period that runs to the newest result (§4.7) is a sum of days. A result moves
 * its test here from the day of its previous newest result, often weeks back: by month, a rebuild's batch changes a plan's few months
 * rather than a cell for the previous day of each of its results (by day, 930,000 more writes in a rebuild of 1M results).
 */
export interface LastDaysDocument {
  [key: string]: unknown;
  /** `<planId>:<month>` */
  _id: string;
  planId: number;
  projectId: number;
  month: string;
  tests: Record<string, number>;
}

export const HISTORY_LAST_DAYS = 'history_last_days';

export const monthOf = (day: string): string => day.slice(0, 7);

export const lastDaysId = (planId: number, day: string): string => `${planId}:${monthOf(day)}`;

/**
 * `result_activity`: one row per change of a result (added, updated, deleted),
 * numbered by the event's position in the log; the status is named and
 * coloured as it was then. A row follows its test: `planId` is the test's
 * plan now, and `live` is false while the test is in the trash.
 */
export interface ActivityRowDocument {
  [key: string]: unknown;
  _id: number;
  projectId: number;
  planId: number;
  testId: number;
  resultId: number;
  type: ActivityType;
  userId: number | null;
  at: string;
  status: number;
  statusName: string;
  statusColor: string;
  /** The result's archive flag after the change. */
  isArchive: boolean;
  live: boolean;
}

export const RESULT_ACTIVITY = 'result_activity';

/** `test_history`: per test, its results and history rows, so a move, archive or delete of the test carries them along. */
export interface TestHistoryDocument {
  [key: string]: unknown;
  _id: number;
  resultIds: number[];
  rowIds: number[];
  /** The UTC day of creation of each of its live results, in no order: the newest day survives a delete of the newest result. */
  resultDays: string[];
}

export const TEST_HISTORY = 'test_history';
