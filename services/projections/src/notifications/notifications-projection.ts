import { topics, streams } from '@testament/contracts';
import type { NotificationEvent } from '@testament/contracts';
import type { DocumentKey, ProjectedEvent, Projection, ProjectionView } from '../runner/projection.ts';
import { ACCESS_REQUESTS } from '../access-requests/access-requests-projection.ts';
import { PROJECTS } from '../projects/project-document.ts';
import { ROLE_CATALOG } from '../roles/role-catalog.ts';
import { USERS } from '../users/user-document.ts';
import { NOTIFICATION_SUBSCRIBERS, NOTIFICATIONS, notificationKey, type NotificationDocument, type SubscribersDocument } from './notification-document.ts';
import { actorName, notificationDocument, producers } from './producers.ts';
import { applySuperuserEvent, NOTIFICATION_AUDIENCES, SUPERUSER_EVENTS, SUPERUSERS } from './superusers.ts';

const ownerOf = (event: ProjectedEvent) => streams.notificationBox.idOf(event.stream);

function subscribers(view: ProjectionView, actionCode: number): SubscribersDocument {
  return view.get<SubscribersDocument>(NOTIFICATION_SUBSCRIBERS, actionCode) ?? { _id: actionCode, userIds: [] };
}

/** The keys of what the user does with their own notifications. */
function boxKeys(event: ProjectedEvent): DocumentKey[] {
  const box = event as unknown as NotificationEvent;
  const owner = ownerOf(event);
  switch (box.type) {
    case 'NotificationsEnabled':
    case 'NotificationsDisabled':
      return box.data.actionCodes.map((code) => [NOTIFICATION_SUBSCRIBERS, code]);
    case 'NotificationsMarked':
      return box.data.notificationIds.map((id) => [NOTIFICATIONS, notificationKey(owner, id)]);
    case 'NotificationDeleted':
      return [[NOTIFICATIONS, notificationKey(owner, box.data.notificationId)]];
  }
}

function applyBoxEvent(event: ProjectedEvent, view: ProjectionView): void {
  const box = event as unknown as NotificationEvent;
  const owner = ownerOf(event);
  const update = (id: number, change: Partial<NotificationDocument>) => {
    const current = view.get<NotificationDocument>(NOTIFICATIONS, notificationKey(owner, id));
    if (current) view.put(NOTIFICATIONS, { ...current, ...change });
  };
  switch (box.type) {
    case 'NotificationsEnabled':
    case 'NotificationsDisabled':
      for (const code of box.data.actionCodes) {
        const others = subscribers(view, code).userIds.filter((id) => id !== owner);
        const userIds = box.type === 'NotificationsEnabled' ? [...others, owner].sort((a, b) => a - b) : others;
        view.put(NOTIFICATION_SUBSCRIBERS, { _id: code, userIds } satisfies SubscribersDocument);
      }
      view.notify(topics.notificationSettings(owner));
      return;
    case 'NotificationsMarked':
      for (const id of box.data.notificationIds) update(id, { unread: box.data.unread });
      break;
    case 'NotificationDeleted':
      update(box.data.notificationId, { isDeleted: true });
      break;
  }
  view.notify(topics.notifications(owner));
}

/**
 * Notifications are produced here, folded from the events they are about
 * (§4.12): each producer names its recipients, and only those subscribed to
 * the action code receive one. Documents depend only on the log, so a rebuild
 * delivers exactly the same notifications with the same ids.
 */
export const notificationsProjection: Projection = {
  name: 'notifications',
  collections: {
    [NOTIFICATIONS]: { indexes: [{ keys: { recipientId: 1, isDeleted: 1, id: -1 } }, { keys: { recipientId: 1, unread: 1 } }] },
    // One document per action code, and one listing the superusers.
    [NOTIFICATION_SUBSCRIBERS]: { indexes: [], bounded: true },
    [NOTIFICATION_AUDIENCES]: { indexes: [], bounded: true },
  },
  // A change is told against the state before it: "added to" a project the recipient was not a member of yet.
  readsBefore: [PROJECTS, USERS, ACCESS_REQUESTS, ROLE_CATALOG],
  handles: new Set([
    ...Object.keys(producers),
    ...SUPERUSER_EVENTS,
    'NotificationsEnabled',
    'NotificationsDisabled',
    'NotificationsMarked',
    'NotificationDeleted',
  ]),
  keys(event) {
    if (SUPERUSER_EVENTS.includes(event.type)) return [[NOTIFICATION_AUDIENCES, SUPERUSERS]];
    const producer = producers[event.type];
    if (!producer) return boxKeys(event);
    const actorId = event.metadata.actorId;
    return actorId === null ? producer.keys(event) : [...producer.keys(event), [USERS, actorId]];
  },
  apply(event, view) {
    if (SUPERUSER_EVENTS.includes(event.type)) return applySuperuserEvent(event, view);
    const producer = producers[event.type];
    if (!producer) return applyBoxEvent(event, view);
    const actor = actorName(event, view);
    for (const produced of producer.produce(event, view, actor)) {
      if (produced.recipientId === event.metadata.actorId) continue;
      if (!subscribers(view, produced.actionCode).userIds.includes(produced.recipientId)) continue;
      view.put(NOTIFICATIONS, notificationDocument(event, produced, actor));
      view.notify(topics.notifications(produced.recipientId));
    }
  },
};
