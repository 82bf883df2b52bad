import { createCommandService, newCommandMeta, SYSTEM_ACTOR, type Actor } from '@testament/commands';
import { MemoryBus, MemoryReadStore, SqliteEventStore, SqliteIdAllocator } from '@testament/infra';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections } from '../index.ts';
import { ProjectionRunner } from '../runner/projection-runner.ts';
import { NOTIFICATION_SUBSCRIBERS, NOTIFICATIONS, type NotificationDocument } from './notification-document.ts';
import { listNotifications, subscribedActionCodes, unreadNotificationCount } from './queries.ts';

let dir: string;
let store: SqliteEventStore;
let ids: SqliteIdAllocator;
let live: MemoryReadStore;
let runner: ProjectionRunner;
const users: Record<string, Actor> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'testament-notifications-'));
  store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  ids = SqliteIdAllocator.open(join(dir, 'ids.sqlite'));
  const commands = createCommandService({ store, ids });
  live = new MemoryReadStore();
  runner = new ProjectionRunner({ store, readStore: live, bus: new MemoryBus(), projections: allProjections, batchSize: 3 });
  await runner.start();
  const system = newCommandMeta(SYSTEM_ACTOR);
  await commands['roles.seed']({}, system);
  for (const username of ['owner', 'deputy', 'guest']) {
    const { userId } = await commands['users.register']({ username, email: '', firstName: '', lastName: '', password: 'Secret-pass1!', isSuperuser: false, isActive: true }, system);
    users[username] = { userId, isSuperuser: false, isExternal: false };
  }
  const as = (name: string) => newCommandMeta(users[name]!);
  const { projectId } = await commands['projects.create']({ name: 'Apollo', description: '', isPrivate: true, isArchive: false, icon: null }, as('owner'));
  // New accounts start subscribed to the access kinds (5, 6, 7); the deputy keeps only requests.
  await commands['notifications.disable']({ userId: users['deputy']!.userId!, actionCodes: [6, 7] }, as('deputy'));
  await commands['projects.assignRoles']({ projectId, userId: users['deputy']!.userId!, roleIds: [2] }, as('owner'));
  await commands['access-requests.request']({ projectId, reason: 'please' }, as('guest'));
  await commands['projects.assignRoles']({ projectId, userId: users['guest']!.userId!, roleIds: [2] }, as('owner'));
  await commands['projects.unassignRoles']({ projectId, userId: users['guest']!.userId!}, as('owner'));
  await commands['notifications.disable']({ userId: users['guest']!.userId!, actionCodes: [7] }, as('guest'));
  await commands['projects.assignRoles']({ projectId, userId: users['guest']!.userId!, roleIds: [2] }, as('owner'));
  await commands['projects.unassignRoles']({ projectId, userId: users['guest']!.userId!}, as('owner'));
  await runner.waitFor(await store.headPosition(), 10_000);
});

afterAll(async () => {
  await runner.stop();
  await ids.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const id = (name: string) => users[name]!.userId!;
const all = (readStore: MemoryReadStore, collection: string) => readStore.collection(collection).find({}, { sort: { _id: 1 } });

describe('notifications read model', () => {
  it('delivers to subscribed recipients only, each notification numbered by the event it is about', async () => {
    const owner = await listNotifications(live, id('owner'), {}, { skip: 0, limit: 10 });
    expect(owner.items.map((n) => n.message.template)).toEqual(['guest requested access to {{placeholder}}: please']);
    expect(await listNotifications(live, id('deputy'), {}, { skip: 0, limit: 10 })).toEqual({ items: [], count: 0 });
    const guest = (await listNotifications(live, id('guest'), {}, { skip: 0, limit: 10 })).items;
    expect(guest.map((n) => n.message.template)).toEqual([
      'You were added to {{placeholder}} by owner',
      'You were removed from {{placeholder}} by owner',
      'Your request for access to {{placeholder}} was granted by owner',
    ]);
    const events = await store.readAll(0, 1000);
    for (const notification of [...owner.items, ...guest]) {
      const event = events.find((e) => e.position === notification.id)!;
      expect(['AccessRequested', 'ProjectMemberRolesSet']).toContain(event.type);
      expect(notification.timestamp).toBe(event.metadata.time);
    }
    expect(await unreadNotificationCount(live, id('guest'))).toBe(3);
    expect([...(await subscribedActionCodes(live, id('guest')))]).toEqual([5, 6]);
  });

  it('rebuilds into exactly the same notifications and subscriptions, whatever order the read models are listed in', async () => {
    const rebuiltStore = new MemoryReadStore();
    // Reversed: the runner, not the list, puts notifications (which reads projects and users as they were) before their owners.
    const rebuilt = new ProjectionRunner({ store, readStore: rebuiltStore, bus: new MemoryBus(), projections: [...allProjections].reverse(), batchSize: 1000 });
    await rebuilt.start();
    for (const collection of [NOTIFICATIONS, NOTIFICATION_SUBSCRIBERS, 'access_requests', 'role_catalog']) {
      expect(await all(rebuiltStore, collection)).toEqual(await all(live, collection));
    }
    const notifications = (await all(rebuiltStore, NOTIFICATIONS)) as NotificationDocument[];
    expect(notifications.length).toBe(4);
    await rebuilt.stop();
  });
});
