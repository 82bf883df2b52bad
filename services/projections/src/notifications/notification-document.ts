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

/** Who receives each action code: users are subscribed to nothing until they enable it (K10). */
export interface SubscribersDocument {
  [key: string]: unknown;
  _id: number;
  userIds: number[];
}

export const NOTIFICATIONS = 'notifications';
export const NOTIFICATION_SUBSCRIBERS = 'notification_subscribers';

export const notificationKey = (recipientId: number, id: number) => `${recipientId}:${id}`;

/** The live topic whose change means the user's notifications (and unread count) changed. */
