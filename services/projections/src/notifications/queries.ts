import { NOTIFICATION_SETTINGS, type NotificationListQuery } from '@testament/contracts';
import type { ReadStore, Sort } from '@testament/infra';
import { findPage, type PageWindow } from '../paging.ts';
import {
  NOTIFICATION_SUBSCRIBERS,
  NOTIFICATIONS,
  noChoices,
  notificationKey,
  receivesCode,
  type NotificationDocument,
  type SubscribersDocument,
} from './notification-document.ts';

const own = (userId: number) => ({ recipientId: userId, isDeleted: false });

export function unreadNotificationCount(readStore: ReadStore, userId: number): Promise<number> {
  return readStore.collection(NOTIFICATIONS).count({ ...own(userId), unread: true });
}

function listSort(ordering: string | undefined): Sort {
  const sort: Sort = {};
  for (const term of (ordering ?? '-id').split(',')) sort[term.replace(/^-/, '')] = term.startsWith('-') ? -1 : 1;
  return { ...sort, id: sort.id ?? -1 };
}

/** One page of the user's own notifications, newest first unless ordered otherwise. */
export function listNotifications(readStore: ReadStore, userId: number, query: NotificationListQuery, page: PageWindow) {
  const filter = { ...own(userId), ...(query.unread === undefined ? {} : { unread: query.unread }) };
  return findPage(readStore.collection<NotificationDocument>(NOTIFICATIONS), filter, listSort(query.ordering), page);
}

/** One page of the user's deleted notifications (their trash), newest first. */
export function listDeletedNotifications(readStore: ReadStore, userId: number, page: PageWindow) {
  return findPage(readStore.collection<NotificationDocument>(NOTIFICATIONS), { recipientId: userId, isDeleted: true }, { id: -1 }, page);
}

/** The user's deleted notifications among `ids`. */
export function deletedNotifications(readStore: ReadStore, userId: number, ids: number[]): Promise<NotificationDocument[]> {
  return readStore.collection<NotificationDocument>(NOTIFICATIONS).find({ recipientId: userId, isDeleted: true, id: { $in: ids } });
}

export function findNotification(readStore: ReadStore, userId: number, id: number): Promise<NotificationDocument | null> {
  return readStore.collection<NotificationDocument>(NOTIFICATIONS).findOne({ _id: notificationKey(userId, id), isDeleted: false });
}

/** The user's notifications among `ids`, or all of them when `ids` is null: `{id, unread}` each. */
export function notificationStates(
  readStore: ReadStore,
  userId: number,
  ids: number[] | null,
): Promise<Array<Pick<NotificationDocument, 'id' | 'unread'>>> {
  const filter = ids === null ? own(userId) : { ...own(userId), id: { $in: ids } };
  return readStore.collection<NotificationDocument>(NOTIFICATIONS).find(filter, { projection: { id: 1, unread: 1 } }) as Promise<
    Array<Pick<NotificationDocument, 'id' | 'unread'>>
  >;
}

/** The action codes the user receives notifications for: those they enabled, and those on by default they did not disable. */
export async function subscribedActionCodes(readStore: ReadStore, userId: number): Promise<Set<number>> {
  // One document per action code that anyone ever chose: a handful.
  const chosen = new Map(
    (await readStore.collection<SubscribersDocument>(NOTIFICATION_SUBSCRIBERS).find({})).map((document) => [document._id, document]),
  );
  const codes = NOTIFICATION_SETTINGS.map((setting) => setting.actionCode).filter((code) =>
    receivesCode(chosen.get(code) ?? noChoices(code), userId),
  );
  return new Set(codes);
}
