import { topics, streams } from '@testament/contracts';
import type { NotificationEvent } from '@testament/contracts';
import { TESTS } from '../tests/test-document.ts';
import { projection, type DocumentKey, type EventOf, type ProjectedEvent, type ProjectionView } from '../runner/projection.ts';
import { ACCESS_REQUESTS } from '../access-requests/access-requests-projection.ts';
import { PROJECTS } from '../projects/project-document.ts';
import { ROLE_CATALOG } from '../roles/role-catalog.ts';
import { USERS } from '../users/user-document.ts';
import {
  NOTIFICATION_SUBSCRIBERS,
  NOTIFICATIONS,
  noChoices,
  notificationKey,
  receivesCode,
  withId,
  type NotificationDocument,
  type SubscribersDocument,
} from './notification-document.ts';
import {
  actorName,
  bulkJobDependents,
  notificationDocument,
  PRODUCING_EVENTS,
  producedBy,
  producerKeys,
  type ProducingEvent,
} from './producers.ts';
import { applySuperuserEvent, NOTIFICATION_AUDIENCES, SUPERUSER_EVENTS, SUPERUSERS, type SuperuserEvent } from './superusers.ts';

/** What the user does with their own notifications (their `notifications-<id>` stream). */
const BOX_EVENTS = [
  'NotificationsEnabled',
  'NotificationsDisabled',
  'NotificationsMarked',
  'NotificationDeleted',
  'NotificationsRecovered',
  'NotificationsRemoved',
] as const;

type NotificationsEvent = ProducingEvent | SuperuserEvent | NotificationEvent;

const isProducing = (event: EventOf<NotificationsEvent>): event is EventOf<ProducingEvent> =>
  (PRODUCING_EVENTS as readonly string[]).includes(event.type);
const isAboutSuperusers = (event: EventOf<NotificationsEvent>): event is EventOf<SuperuserEvent> =>
  (SUPERUSER_EVENTS as readonly string[]).includes(event.type);

const ownerOf = (event: ProjectedEvent) => streams.notificationBox.idOf(event.stream);

function subscribers(view: ProjectionView, actionCode: number): SubscribersDocument {
  return view.get<SubscribersDocument>(NOTIFICATION_SUBSCRIBERS, actionCode) ?? noChoices(actionCode);
}

/** The keys of what the user does with their own notifications. */
function boxKeys(box: EventOf<NotificationEvent>): DocumentKey[] {
  const owner = ownerOf(box);
  switch (box.type) {
    case 'NotificationsEnabled':
    case 'NotificationsDisabled':
      return box.data.actionCodes.map((code) => [NOTIFICATION_SUBSCRIBERS, code]);
    case 'NotificationsMarked':
    case 'NotificationsRecovered':
    case 'NotificationsRemoved':
      return box.data.notificationIds.map((id) => [NOTIFICATIONS, notificationKey(owner, id)]);
    case 'NotificationDeleted':
      return [[NOTIFICATIONS, notificationKey(owner, box.data.notificationId)]];
  }
}

function applyBoxEvent(box: EventOf<NotificationEvent>, view: ProjectionView): void {
  const owner = ownerOf(box);
  const update = (id: number, change: Partial<NotificationDocument>) => {
    const current = view.get<NotificationDocument>(NOTIFICATIONS, notificationKey(owner, id));
    if (current) view.put(NOTIFICATIONS, { ...current, ...change });
  };
  switch (box.type) {
    case 'NotificationsEnabled':
    case 'NotificationsDisabled':
      for (const code of box.data.actionCodes) {
        const current = subscribers(view, code);
        const enabled = box.type === 'NotificationsEnabled';
        view.put(NOTIFICATION_SUBSCRIBERS, {
          _id: code,
          userIds: withId(current.userIds, owner, enabled),
          disabledIds: withId(current.disabledIds, owner, !enabled),
        } satisfies SubscribersDocument);
      }
      view.notify(topics.notificationSettings(owner));
      return;
    case 'NotificationsMarked':
      for (const id of box.data.notificationIds) update(id, { unread: box.data.unread });
      break;
    case 'NotificationDeleted':
      update(box.data.notificationId, { isDeleted: true });
      break;
    case 'NotificationsRecovered':
      for (const id of box.data.notificationIds) update(id, { isDeleted: false });
      break;
    case 'NotificationsRemoved':
      for (const id of box.data.notificationIds) view.remove(NOTIFICATIONS, notificationKey(owner, id));
      break;
  }
  view.notify(topics.notifications(owner));
}

/**
 * Notifications are produced here, folded from the events they are about
 * (§4.12): each producer names its recipients, and only those who receive the
 * action code (their last choice of it, else its default) get one. Documents depend only on the log, so a rebuild
 * delivers exactly the same notifications with the same ids.
 */
export const notificationsProjection = projection<NotificationsEvent>({
  name: 'notifications',
  source: import.meta.url,
  collections: {
    [NOTIFICATIONS]: { indexes: [{ keys: { recipientId: 1, isDeleted: 1, id: -1 } }, { keys: { recipientId: 1, unread: 1 } }] },
    // One document per action code, and one listing the superusers.
    [NOTIFICATION_SUBSCRIBERS]: { indexes: [], bounded: true },
    [NOTIFICATION_AUDIENCES]: { indexes: [], bounded: true },
  },
  // A change is told against the state before it: "added to" a project the recipient was not a member of yet.
  readsBefore: [PROJECTS, USERS, ACCESS_REQUESTS, ROLE_CATALOG, TESTS],
  handles: new Set([...PRODUCING_EVENTS, ...SUPERUSER_EVENTS, ...BOX_EVENTS]),
  keys(event) {
    if (isAboutSuperusers(event)) return [[NOTIFICATION_AUDIENCES, SUPERUSERS]];
    if (!isProducing(event)) return boxKeys(event);
    const actorId = event.metadata.actorId;
    return actorId === null ? producerKeys(event) : [...producerKeys(event), [USERS, actorId]];
  },
  dependents: (event, view) => (isProducing(event) ? bulkJobDependents(event, view) : []),
  apply(event, view) {
    if (isAboutSuperusers(event)) return applySuperuserEvent(event, view);
    if (!isProducing(event)) return applyBoxEvent(event, view);
    const actor = actorName(event, view);
    for (const produced of producedBy(event, view, actor)) {
      if (produced.recipientId === event.metadata.actorId && !produced.toActor) continue;
      if (!receivesCode(subscribers(view, produced.actionCode), produced.recipientId)) continue;
      view.put(NOTIFICATIONS, notificationDocument(event, produced, actor));
      view.notify(topics.notifications(produced.recipientId));
    }
  },
});
