import type { ReadStore } from '@testament/infra';

/** `notifications` read model: one document per delivered notification. */
export const NOTIFICATIONS = 'notifications';

export function unreadNotificationCount(readStore: ReadStore, userId: number): Promise<number> {
  return readStore.collection(NOTIFICATIONS).count({ recipientId: userId, unread: true });
}

/** The live topic whose change means the user's unread count may have changed. */
export const notificationsTopic = (userId: number) => `user:${userId}:notifications`;
