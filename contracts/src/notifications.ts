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
}

/**
 * The kinds listed by `notifications/settings/`. A new account starts subscribed
 * to the project access kinds, so a first access request reaches the project's
 * managers; every other kind waits until the user enables it (K10).
 */
export const NOTIFICATION_SETTINGS: readonly NotificationSetting[] = [
  { actionCode: NotificationAction.testAssigned, verboseName: 'Test assigned' },
  { actionCode: NotificationAction.testUnassigned, verboseName: 'Test unassigned' },
  { actionCode: NotificationAction.bulkUpdateEnded, verboseName: 'Bulk update ended' },
  { actionCode: NotificationAction.accessRequested, verboseName: 'Project access requested' },
  { actionCode: NotificationAction.accessGranted, verboseName: 'Project access granted' },
  { actionCode: NotificationAction.accessRemoved, verboseName: 'Project access removed' },
];

export const DEFAULT_NOTIFICATIONS: readonly number[] = [NotificationAction.accessRequested, NotificationAction.accessGranted, NotificationAction.accessRemoved];

export function notificationSetting(actionCode: number): NotificationSetting | undefined {
  return NOTIFICATION_SETTINGS.find((setting) => setting.actionCode === actionCode);
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
  bulkUpdateEnded: () => `Bulk update was ended ${PLACEHOLDER}`,
};

/** Where a bulk job ended, as its notification's link text says it (§4.11): the plan all its tests were in, else the project. */
export const bulkJobPlaces = {
  inPlan: (name: string) => `in test plan ${name}`,
  inProject: (name: string) => `in project ${name}`,
};
