import type { BulkOperation } from './events/bulk-jobs.ts';

/**
 * Notification kinds (§4.12). Codes 0–4 keep TestY's meaning; 5–7 are the
 * project access notifications Testament adds (access requests are delivered
 * as notifications, not e-mail).
 */
export const NotificationAction = {
  testAssigned: 0,
  testUnassigned: 1,
  caseModified: 2,
  planModified: 3,
  bulkUpdateEnded: 4,
  accessRequested: 5,
  accessGranted: 6,
  accessRemoved: 7,
} as const;

export interface NotificationSetting {
  actionCode: number;
  verboseName: string;
  /**
   * Received unless the user disabled it: the end of a job the user started in
   * the background, which the app promised to tell them about. Every other kind
   * is received only once enabled (K10).
   */
  onUnlessDisabled?: true;
}

/**
 * The kinds listed by `notifications/settings/`. A new account starts subscribed
 * to the project access kinds, so a first access request reaches the project's
 * managers; a job's end reaches its user unless they disabled it; every other
 * kind waits until the user enables it (K10).
 */
export const NOTIFICATION_SETTINGS: readonly NotificationSetting[] = [
  { actionCode: NotificationAction.testAssigned, verboseName: 'Test assigned' },
  { actionCode: NotificationAction.testUnassigned, verboseName: 'Test unassigned' },
  { actionCode: NotificationAction.bulkUpdateEnded, verboseName: 'Bulk update ended', onUnlessDisabled: true },
  { actionCode: NotificationAction.accessRequested, verboseName: 'Project access requested' },
  { actionCode: NotificationAction.accessGranted, verboseName: 'Project access granted' },
  { actionCode: NotificationAction.accessRemoved, verboseName: 'Project access removed' },
];

export const DEFAULT_NOTIFICATIONS: readonly number[] = [
  NotificationAction.accessRequested,
  NotificationAction.accessGranted,
  NotificationAction.accessRemoved,
];

export function notificationSetting(actionCode: number): NotificationSetting | undefined {
  return NOTIFICATION_SETTINGS.find((setting) => setting.actionCode === actionCode);
}

/**
 * Whether a user receives a kind, from their own last choice of it (the last
 * `NotificationsEnabled` or `NotificationsDisabled` of their notification box
 * naming it; undefined when none did): that choice, else the kind's default.
 * So an account that never touched a kind turned on by default receives it,
 * with no event written for it, and the log alone says who receives what.
 */
export function receivesNotification(actionCode: number, choice: boolean | undefined): boolean {
  return choice ?? notificationSetting(actionCode)?.onUnlessDisabled === true;
}

/** The web app replaces this with a link to `placeholder_link` showing `placeholder_text`. */
export const PLACEHOLDER = '{{placeholder}}';

/** Notification texts; the placeholder is the project's name (or the test, for assignments), linked. */
export const notificationTemplates = {
  testAssigned: (actor: string) => `${PLACEHOLDER} was assigned to you by ${actor}`,
  testUnassigned: (actor: string) => `${PLACEHOLDER} was unassigned by ${actor}`,
  accessRequested: (actor: string, reason: string) =>
    reason.trim() ? `${actor} requested access to ${PLACEHOLDER}: ${reason.trim()}` : `${actor} requested access to ${PLACEHOLDER}`,
  accessGranted: (actor: string) => `Your request for access to ${PLACEHOLDER} was granted by ${actor}`,
  addedToProject: (actor: string) => `You were added to ${PLACEHOLDER} by ${actor}`,
  rolesChanged: (actor: string) => `Your roles in ${PLACEHOLDER} were changed by ${actor}`,
  removedFromProject: (actor: string) => `You were removed from ${PLACEHOLDER} by ${actor}`,
  /** What a job that ran in the background did, by its kind (§4.11); `count` items. */
  jobFinished: {
    assign: (count: number) => `Bulk update was ended ${PLACEHOLDER}: assignee changed for tests (${count})`,
    move: (count: number) => `Bulk update was ended ${PLACEHOLDER}: tests moved (${count})`,
    delete: (count: number) => `Bulk update was ended ${PLACEHOLDER}: tests deleted (${count})`,
    result: (count: number) => `Bulk update was ended ${PLACEHOLDER}: results added to tests (${count})`,
    cases: (count: number) => `Bulk update was ended ${PLACEHOLDER}: cases moved or relabelled (${count})`,
    import: (count: number) => `Import was ended ${PLACEHOLDER}: cases imported from Zephyr Scale (${count})`,
    report: (count: number, failed: number, skipped: number) =>
      `Import was ended ${PLACEHOLDER}: tests of a test report recorded (${count}), failed or broken (${failed}), skipped (${skipped})`,
  } satisfies Record<JobKind, JobEndTemplate>,
  /** A job stopped at an item it could not change, after `done` of its `total` items, with the reason (one of the server's messages). */
  jobFailed: (done: number, total: number, reason: string) => `Bulk update failed ${PLACEHOLDER} after ${done} of ${total}: ${reason}`,
};

/** A job's end in words: `count` items; a report import's also `failed` (failed or broken) and `skipped` (that added nothing). */
type JobEndTemplate = (count: number, failed: number, skipped: number) => string;

/** The kinds of job that run in the background. */
export type JobKind = BulkOperation['kind'];

/**
 * The notification kind each kind of job's end is told as. A new kind of job
 * (an import) adds its kind here and its template to `jobFinished`, with its
 * notification setting (`onUnlessDisabled`), and nothing else.
 */
export const JOB_END_NOTIFICATIONS: Record<JobKind, number> = {
  assign: NotificationAction.bulkUpdateEnded,
  move: NotificationAction.bulkUpdateEnded,
  delete: NotificationAction.bulkUpdateEnded,
  result: NotificationAction.bulkUpdateEnded,
  cases: NotificationAction.bulkUpdateEnded,
  // An import is a job of the user's like the others: its end is told under the same setting, which they already know.
  import: NotificationAction.bulkUpdateEnded,
  report: NotificationAction.bulkUpdateEnded,
};

/** Where a bulk job ended, as its notification's link text says it (§4.11): the plan all its tests were in, else the project. */
export const bulkJobPlaces = {
  inPlan: (name: string) => `in test plan ${name}`,
  inProject: (name: string) => `in project ${name}`,
};
