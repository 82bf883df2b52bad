import { createCommandService, newCommandMeta, SYSTEM_ACTOR, type Actor } from '@testament/commands';
import { DEFAULT_PROJECT_SETTINGS, streams } from '@testament/contracts';
import { MemoryBus, SqliteReadStore, SqliteEventStore, SqliteIdAllocator } from '@testament/infra';
import { tempDirAll } from '@testament/infra/testing/temp-dir';
import fc from 'fast-check';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections, readModelProjections } from '../index.ts';
import { batchSizes } from '../testing/arbitraries.ts';
import { foldInto, recorded, type TestEvent } from '../testing/fold.ts';
import { ProjectionRunner } from '../runner/projection-runner.ts';
import { NOTIFICATION_SUBSCRIBERS, NOTIFICATIONS, type NotificationDocument } from './notification-document.ts';
import { listNotifications, subscribedActionCodes, unreadNotificationCount } from './queries.ts';

const dir = tempDirAll('notifications');
let store: SqliteEventStore;
let ids: SqliteIdAllocator;
let live: SqliteReadStore;
let runner: ProjectionRunner;
const users: Record<string, Actor> = {};

beforeAll(async () => {
  store = SqliteEventStore.open(join(dir(), 'events.sqlite'));
  ids = SqliteIdAllocator.open(join(dir(), 'ids.sqlite'));
  const commands = createCommandService({ store, ids });
  live = new SqliteReadStore();
  runner = new ProjectionRunner({ store, readStore: live, bus: new MemoryBus(), projections: allProjections, batchSize: 3 });
  await runner.start();
  const system = newCommandMeta(SYSTEM_ACTOR);
  await commands['roles.seed']({}, system);
  for (const username of ['owner', 'deputy', 'guest']) {
    const { userId } = await commands['users.register'](
      { username, email: '', firstName: '', lastName: '', password: 'Secret-pass1!', isSuperuser: false, isActive: true },
      system,
    );
    users[username] = { userId, isSuperuser: false, isExternal: false };
  }
  const as = (name: string) => newCommandMeta(users[name]!);
  const { projectId } = await commands['projects.create'](
    { name: 'Apollo', description: '', isPrivate: true, isArchive: false, icon: null },
    as('owner'),
  );
  // New accounts start subscribed to the access kinds (5, 6, 7); the deputy keeps only requests.
  await commands['notifications.disable']({ userId: users.deputy!.userId!, actionCodes: [6, 7] }, as('deputy'));
  await commands['projects.assignRoles']({ projectId, userId: users.deputy!.userId!, roleIds: [2] }, as('owner'));
  await commands['access-requests.request']({ projectId, reason: 'please' }, as('guest'));
  await commands['projects.assignRoles']({ projectId, userId: users.guest!.userId!, roleIds: [2] }, as('owner'));
  await commands['projects.unassignRoles']({ projectId, userId: users.guest!.userId! }, as('owner'));
  await commands['notifications.disable']({ userId: users.guest!.userId!, actionCodes: [7] }, as('guest'));
  await commands['projects.assignRoles']({ projectId, userId: users.guest!.userId!, roleIds: [2] }, as('owner'));
  await commands['projects.unassignRoles']({ projectId, userId: users.guest!.userId! }, as('owner'));
  await runner.waitFor(await store.headPosition(), 10_000);
});

afterAll(async () => {
  await runner.stop();
  await ids.close();
  await store.close();
});

const id = (name: string) => users[name]!.userId!;
const all = (readStore: SqliteReadStore, collection: string) => readStore.collection(collection).find({}, { sort: { _id: 1 } });

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
    // The end of a job (4) is received by everyone who did not disable it.
    expect([...(await subscribedActionCodes(live, id('guest')))]).toEqual([4, 5, 6]);
  });

  it('rebuilds into exactly the same notifications and subscriptions, whatever order the read models are listed in', async () => {
    const rebuiltStore = new SqliteReadStore();
    // Reversed: the runner, not the list, puts notifications (which reads projects and users as they were) before their owners.
    const rebuilt = new ProjectionRunner({
      store,
      readStore: rebuiltStore,
      bus: new MemoryBus(),
      projections: [...allProjections].reverse(),
      batchSize: 1000,
    });
    await rebuilt.start();
    for (const collection of [NOTIFICATIONS, NOTIFICATION_SUBSCRIBERS, 'access_requests', 'role_catalog']) {
      expect(await all(rebuiltStore, collection)).toEqual(await all(live, collection));
    }
    const notifications = (await all(rebuiltStore, NOTIFICATIONS)) as NotificationDocument[];
    expect(notifications.length).toBe(4);
    await rebuilt.stop();
  });
});

/** A job's end is told to its owner unless they disabled the kind (4); these events are its whole story. */
describe('notifications of a job’s end', () => {
  const PROJECT = 3;
  const project: TestEvent = {
    type: 'ProjectCreated',
    stream: streams.project.of(PROJECT),
    data: {
      projectId: PROJECT,
      name: 'Apollo',
      description: '',
      isPrivate: false,
      isArchive: false,
      settings: DEFAULT_PROJECT_SETTINGS,
      icon: null,
    },
  };
  const choice = (userId: number, enabled: boolean): TestEvent => ({
    type: enabled ? 'NotificationsEnabled' : 'NotificationsDisabled',
    stream: streams.notificationBox.of(userId),
    data: { actionCodes: [4] },
    actorId: userId,
  });
  const operations = {
    assign: { kind: 'assign', assignee: null },
    result: { kind: 'result', status: 2, comment: '', attachmentIds: [], attributes: {}, suiteAttributes: [] },
    cases: { kind: 'cases', suiteId: 5, labels: null },
  } as const;
  /** A job of `userId`'s on `count` items, answered at once or run in the background, then finished or failed after half of them. */
  const job = (
    jobId: number,
    userId: number,
    options: { kind?: keyof typeof operations; count?: number; background?: boolean; fails?: boolean } = {},
  ): TestEvent[] => {
    const { kind = 'result', count = 1200, background = true, fails = false } = options;
    const stream = streams.bulkJobs(PROJECT, userId);
    const ref = { jobId, projectId: PROJECT };
    const itemIds = Array.from({ length: count }, (_, index) => 1000 + index);
    return [
      {
        type: 'BulkJobRequested',
        stream,
        actorId: userId,
        data: { ...ref, userId, operation: operations[kind], itemIds, chunkSize: 500, background, planId: null },
      },
      fails
        ? {
            type: 'BulkJobFailed',
            stream,
            actorId: userId,
            data: {
              ...ref,
              done: Math.floor(count / 2),
              itemId: itemIds[Math.floor(count / 2)],
              reason: 'Archived objects can only be changed by an administrator.',
            },
          }
        : { type: 'BulkJobFinished', stream, actorId: userId, data: { ...ref, done: count } },
    ];
  };
  const delivered = async (readStore: SqliteReadStore) =>
    ((await all(readStore, NOTIFICATIONS)) as NotificationDocument[])
      .map((n) => ({ to: n.recipientId, id: n.id, code: n.actionCode, ...n.message }))
      .sort((a, b) => a.to - b.to || a.id - b.id);

  it(
    'tells the owner of a job in the background what it did and where, ' + 'unless they disabled it; a job answered at once tells nobody',
    async () => {
      const events = recorded([
        project,
        ...job(1, 7),
        ...job(2, 8, { kind: 'cases', count: 3 }),
        choice(9, false),
        ...job(3, 9),
        ...job(4, 7, { background: false }),
        ...job(5, 7, { kind: 'assign', fails: true }),
      ]);
      const readStore = new SqliteReadStore();
      await foldInto(readStore, readModelProjections, events);
      const at = (type: string, jobId: number) =>
        events.find((event) => event.type === type && (event.data as { jobId: number }).jobId === jobId)!.position;
      expect(await delivered(readStore)).toEqual([
        {
          to: 7,
          id: at('BulkJobFinished', 1),
          code: 4,
          template: 'Bulk update was ended {{placeholder}}: results added to tests (1200)',
          placeholderText: 'in project Apollo',
          placeholderLink: '/projects/3/plans',
        },
        {
          to: 7,
          id: at('BulkJobFailed', 5),
          code: 4,
          template: 'Bulk update failed {{placeholder}} after 600 of 1200: Archived objects can only be changed by an administrator.',
          placeholderText: 'in project Apollo',
          placeholderLink: '/projects/3/plans',
        },
        {
          to: 8,
          id: at('BulkJobFinished', 2),
          code: 4,
          template: 'Bulk update was ended {{placeholder}}: cases moved or relabelled (3)',
          placeholderText: 'in project Apollo',
          placeholderLink: '/projects/3/suites',
        },
      ]);
      expect(await unreadNotificationCount(readStore, 7)).toBe(2);
      expect([...(await subscribedActionCodes(readStore, 7))]).toEqual([4]);
      expect([...(await subscribedActionCodes(readStore, 9))]).toEqual([]);
    },
  );

  it('delivers to whoever’s last choice, else the default, says so, whatever the batches', { timeout: 30_000 }, async () => {
    const users = [7, 8, 9];
    /** A job of one of the users, maybe after they enabled or disabled the notice: in the background or not, finished or failed. */
    const jobArbitrary = fc.record({
      userId: fc.constantFrom(...users),
      enabled: fc.option(fc.boolean(), { freq: 3, nil: null }),
      background: fc.boolean(),
      fails: fc.boolean(),
      count: fc.integer({ min: 1, max: 2000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(jobArbitrary, { maxLength: 40, size: 'max' }), batchSizes, async (jobs, batches) => {
        const choices = new Map<number, boolean>();
        const expected: Array<{ to: number; index: number }> = [];
        const story: TestEvent[] = [project];
        for (const [index, { userId, enabled, background, fails, count }] of jobs.entries()) {
          // The decider records a choice only when it changes what the user receives.
          if (enabled !== null && (choices.get(userId) ?? true) !== enabled) {
            choices.set(userId, enabled);
            story.push(choice(userId, enabled));
          }
          story.push(...job(index + 1, userId, { background, fails, count }));
          if (background && (choices.get(userId) ?? true)) expected.push({ to: userId, index: story.length - 1 });
        }
        const events = recorded(story);
        const readStore = new SqliteReadStore();
        await foldInto(readStore, readModelProjections, events, batches);
        const got = (await delivered(readStore)).map(({ to, id }) => ({ to, id }));
        const want = expected.map(({ to, index }) => ({ to, id: events[index]!.position })).sort((a, b) => a.to - b.to || a.id - b.id);
        expect(got).toEqual(want);
        for (const userId of users)
          expect([...(await subscribedActionCodes(readStore, userId))], `user ${userId}`).toEqual((choices.get(userId) ?? true) ? [4] : []);
        await readStore.close();
      }),
      { numRuns: 20, interruptAfterTimeLimit: 20_000 },
    );
  });
});
