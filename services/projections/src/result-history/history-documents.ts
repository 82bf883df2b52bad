import type { ActivityType } from '@testament/contracts';

/** Results by status id: how many. */
export type StatusCounts = Record<string, number>;

/**
 * Live results per UTC day of creation (`YYYY-MM-DD`) and status, archived ones apart (a result or its test archived): what the histogram
 * draws.
 */
export interface DayCounts {
  days: Record<string, StatusCounts>;
  archivedDays: Record<string, StatusCounts>;
}

/**
 * `plan_history`: one document per plan, with what its own tests' results add
 * up to — per day, for the histogram, and history rows per status, for the
 * activity's status filter. A subtree sums its plans.
 */
export interface PlanHistoryDocument extends DayCounts {
  [key: string]: unknown;
  _id: number;
  projectId: number;
  rowStatuses: StatusCounts;
  /**
   * The plan's own live, unarchived tests that have a live result, by the UTC day of the newest one:
   * how many tests got a result in a period that runs to the newest result (progress, §4.7) is a sum of days.
   */
  testsByLastDay: Record<string, number>;
}

export const PLAN_HISTORY = 'plan_history';

/** `project_history`: per project, its plans' day counts summed, so a project's histogram reads one document, not one per plan. */
export interface ProjectHistoryDocument extends DayCounts {
  [key: string]: unknown;
  _id: number;
}

export const PROJECT_HISTORY = 'project_history';

/**
 * `label_history`: per label, the day counts of the results of its project's tests that carry it (a test
 * carries its case's labels), so a project's histogram of one label reads one document rather than
 * grouping a hundred thousand results (140 ms on 100,000 tests and 1M results, most of it SQLite's sort).
 */
export interface LabelHistoryDocument extends DayCounts {
  [key: string]: unknown;
  _id: number;
  projectId: number;
}

export const LABEL_HISTORY = 'label_history';

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

/** The newest of the days these maps are keyed by (`YYYY-MM-DD` sorts as text); undefined when all are empty. */
export function newestDay(...byDay: ReadonlyArray<Record<string, unknown>>): string | undefined {
  let newest: string | undefined;
  for (const days of byDay) for (const day in days) if (newest === undefined || day > newest) newest = day;
  return newest;
}
