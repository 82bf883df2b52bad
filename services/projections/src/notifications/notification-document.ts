import { receivesNotification } from '@testament/contracts';

/** `notifications` read model: one document per delivered notification. */
export interface NotificationDocument {
  [key: string]: unknown;
  /** `<recipientId>:<id>`. */
  _id: string;
  /**
   * The global position of the event the notification is about. Unique per
   * recipient (an event notifies each recipient at most once) and the same on
   * every rebuild; notifications are only ever addressed by their recipient.
   */
  id: number;
  recipientId: number;
  actionCode: number;
  actorId: number | null;
  /** The actor's username. */
  actor: string;
  /** The event's time; `timeago` is worked out from it when read. */
  timestamp: string;
  unread: boolean;
  isDeleted: boolean;
  message: { template: string; placeholderText: string; placeholderLink: string };
  projectId: number | null;
}

/**
 * Each action code's choices: who enabled it and who disabled it last. A user
 * named in neither never chose: they receive the kind only if it is on by
 * default (`receivesNotification`); every other kind waits to be enabled (K10).
 */
export interface SubscribersDocument {
  [key: string]: unknown;
  _id: number;
  userIds: number[];
  disabledIds: number[];
}

export const NOTIFICATIONS = 'notifications';
export const NOTIFICATION_SUBSCRIBERS = 'notification_subscribers';

export const notificationKey = (recipientId: number, id: number) => `${recipientId}:${id}`;

/** An action code nobody chose yet. */
export const noChoices = (actionCode: number): SubscribersDocument => ({ _id: actionCode, userIds: [], disabledIds: [] });

/** `ids` with `id` in or out, sorted. */
export function withId(ids: readonly number[], id: number, present: boolean): number[] {
  const others = ids.filter((other) => other !== id);
  return present ? [...others, id].sort((a, b) => a - b) : others;
}

/** Whether a user receives notifications of the document's action code. */
export function receivesCode(document: SubscribersDocument, userId: number): boolean {
  return receivesNotification(
    document._id,
    document.userIds.includes(userId) ? true : document.disabledIds.includes(userId) ? false : undefined,
  );
}

/** The live topic whose change means the user's notifications (and unread count) changed. */
