import { createCommandService, newCommandMeta, SYSTEM_ACTOR, type CommandService } from '@testament/commands';
import { topics } from '@testament/contracts';
import {
  MemoryBus,
  SqliteReadStore,
  SqliteEventStore,
  SqliteIdAllocator,
  type EventStore,
  type ReadStore,
  type WriteOperation,
} from '@testament/infra';
import { tempDirAll } from '@testament/infra/testing/temp-dir';
import fc from 'fast-check';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections, AUDIT_RUNNER, auditProjections, readModelProjections } from '../index.ts';
import type { Projection } from './projection.ts';
import { PROJECTIONS_ADVANCED, ProjectionRunner, type ProjectionsAdvanced } from './projection-runner.ts';

const dir = tempDirAll('projections');
let store: SqliteEventStore;
let ids: SqliteIdAllocator;
let commands: CommandService;
let live: SqliteReadStore;
let liveRunner: ProjectionRunner;
const bus = new MemoryBus();

function runnerOn(readStore: ReadStore) {
  return new ProjectionRunner({ store, readStore, bus, projections: allProjections, batchSize: 7 });
}

async function snapshot(runner: ProjectionRunner, readStore: ReadStore) {
  const collections: Record<string, unknown[]> = {};
  for (const name of runner.collectionNames()) {
    collections[name] = await readStore.collection(name).find({}, { sort: { _id: 1 } });
  }
  return collections;
}

/** A realistic history: users, sessions, config, projects with members, changes, archive, delete. */
async function writeHistory(count: number) {
  const system = newCommandMeta(SYSTEM_ACTOR);
  await commands['roles.seed']({}, system);
  const users: number[] = [];
  for (let i = 0; i < count; i++) {
    const { userId } = await commands['users.register'](
      {
        username: `user${i}`,
        email: `u${i}@x.test`,
        firstName: `F${i}`,
        lastName: 'L',
        password: 'Secret-pass1!',
        isSuperuser: false,
        isActive: true,
      },
      system,
    );
    users.push(userId);
  }
  await Promise.all(
    users.map(async (userId, i) => {
      const actor = { userId, isSuperuser: false, isExternal: false };
      const meta = () => newCommandMeta(actor);
      await commands['users.changeConfig'](
        { userId, patch: { ui: { is_open_sidebar: i % 2 === 0 }, projects: { favorite: [i] } } },
        meta(),
      );
      await commands['sessions.logIn'](
        { username: `user${i}`, password: 'Secret-pass1!', sessionHash: `s${i}`, expiresAt: '2099-01-01T00:00:00.000Z', rememberMe: false },
        meta(),
      );
      const { projectId } = await commands['projects.create'](
        { name: `P${i}`, description: '', isPrivate: i % 3 === 0, isArchive: false, icon: null },
        meta(),
      );
      await commands['projects.update']({ projectId, description: `about ${i}`, settings: { resultEditLimit: 60 * (i + 1) } }, meta());
      // Role 3 (External user) carries project_restricted: only a superuser assigns it.
      const external = i % 2 === 1;
      await commands['projects.setMemberRoles'](
        { projectId, userId: users[(i + 1) % users.length]!, roleIds: [external ? 3 : 2] },
        external ? system : meta(),
      );
      if (i % 4 === 0) await commands['projects.archive']({ projectId }, meta());
      if (i % 5 === 0) await commands['projects.delete']({ projectId }, meta());
      if (i % 2 === 1) await commands['sessions.logOut']({ userId, sessionHash: `s${i}` }, meta());
    }),
  );
  return users;
}

/**
 * A project where testing happens: a plan with a child, tests, results added, edited, archived and deleted, tests moved, archived and
 * deleted.
 */
async function writeTesting(userId: number) {
  const meta = () => newCommandMeta({ userId, isSuperuser: false, isExternal: false });
  await commands['statuses.seed']({}, newCommandMeta(SYSTEM_ACTOR));
  const { projectId } = await commands['projects.create'](
    { name: 'Testing', description: '', isPrivate: false, isArchive: false, icon: null },
    meta(),
  );
  const { id: suiteId } = await commands['suites.create'](
    { projectId, parentId: null, name: 'Suite', description: '', attributes: {}, attachmentIds: [] },
    meta(),
  );
  const caseIds: number[] = [];
  for (const [n, estimate] of [null, 600, 3_600, 60].entries()) {
    const content = {
      name: `Case ${n}`,
      suiteId,
      description: '',
      setup: '',
      scenario: 'Do it',
      expected: 'Done',
      teardown: '',
      estimate,
      isSteps: false,
      attributes: {},
      steps: [],
      labels: [],
    };
    caseIds.push((await commands['cases.create']({ projectId, content }, meta())).caseId);
  }
  const fields = (name: string) => ({
    name,
    description: '',
    startedAt: '2026-01-05T09:00:00.000Z',
    dueDate: '2026-02-05T09:00:00.000Z',
    finishedAt: null,
    attributes: {},
    attachmentIds: [],
  });
  const [rootId] = (
    await commands['plans.create'](
      { projectId, parentId: null, fields: fields('Root'), isArchive: false, parameterIds: [], caseIds },
      meta(),
    )
  ).ids;
  const [childId] = (
    await commands['plans.create'](
      { projectId, parentId: rootId!, fields: fields('Child'), isArchive: false, parameterIds: [], caseIds: caseIds.slice(0, 2) },
      meta(),
    )
  ).ids;
  const testIds = (await store.readAll(0, 100_000)).flatMap((event) =>
    event.type === 'TestCreated' && (event.data as { projectId: number }).projectId === projectId
      ? [(event.data as { testId: number }).testId]
      : [],
  );
  const result = { comment: '', executionTime: null, attributes: {}, attachmentIds: [], isArchive: false, steps: [] };
  const added: Array<{ testId: number; resultId: number }> = [];
  for (const [n, testId] of testIds.entries())
    added.push({ testId, ...(await commands['tests.addResult']({ projectId, testId, status: 1 + (n % 3), ...result }, meta())) });
  const [first, second, third] = added;
  await commands['tests.editResult']({ projectId, testId: first!.testId, resultId: first!.resultId, changes: { status: 4 } }, meta());
  await commands['tests.editResult'](
    { projectId, testId: second!.testId, resultId: second!.resultId, changes: { isArchive: true } },
    meta(),
  );
  await commands['tests.deleteResult']({ projectId, testId: third!.testId, resultId: third!.resultId }, meta());
  await commands['tests.move']({ projectId, testId: testIds[0]!, planId: childId! }, meta());
  await commands['tests.archive']({ projectId, testId: testIds[1]! }, meta());
  await commands['tests.delete']({ projectId, testId: testIds[2]! }, meta());
}

beforeAll(async () => {
  store = SqliteEventStore.open(join(dir(), 'events.sqlite'));
  ids = SqliteIdAllocator.open(join(dir(), 'ids.sqlite'));
  commands = createCommandService({ store, ids });
  live = new SqliteReadStore();
  liveRunner = runnerOn(live);
  await liveRunner.start();
  await writeTesting((await writeHistory(24))[0]!);
  await liveRunner.waitFor(await store.headPosition(), 10_000);
});

afterAll(async () => {
  await liveRunner.stop();
  await ids.close();
  await store.close();
});

describe('projection runner', () => {
  it('folds the live log into the read models', async () => {
    const users = await live.collection('users').count({});
    const projects = await live.collection('projects').find({ isDeleted: false });
    const sessions = await live.collection('sessions').count({});
    expect(users).toBe(24);
    // One per user, five deleted, and the testing project.
    expect(projects).toHaveLength(24 - 5 + 1);
    expect(sessions).toBe(12);
    const external = await live.collection('users').find({ 'memberships.roleIds': 3 });
    expect(external.length).toBe(12);
  });

  it('rebuilds from position 0 into exactly the live read models', async () => {
    const rebuiltStore = new SqliteReadStore();
    const rebuilt = runnerOn(rebuiltStore);
    await rebuilt.start();
    expect(rebuilt.position).toBe(liveRunner.position);
    expect(await snapshot(rebuilt, rebuiltStore)).toEqual(await snapshot(liveRunner, live));
    await rebuilt.stop();
  });

  it('drops and replays in place with rebuild(), ending equal', async () => {
    const before = await snapshot(liveRunner, live);
    await liveRunner.rebuild();
    expect(await snapshot(liveRunner, live)).toEqual(before);
  });

  it('skips re-delivered events: resuming from an older checkpoint changes nothing', async () => {
    const before = await snapshot(liveRunner, live);
    await liveRunner.stop();
    // As after a crash between writing documents and writing the checkpoint.
    await live
      .collection('_checkpoints')
      .bulkWrite([{ replaceOne: { filter: { _id: 'read-models' }, replacement: { _id: 'read-models', position: 1 }, upsert: true } }]);
    await liveRunner.start();
    expect(await snapshot(liveRunner, live)).toEqual(before);
  });

  it('wakes read-your-writes waiters once a new event is folded', async () => {
    const { position } = await commands['users.changeConfig']({ userId: 1, patch: { x: 1 } }, newCommandMeta(SYSTEM_ACTOR)).catch(
      async () =>
        commands['users.register'](
          { username: 'late', email: '', firstName: '', lastName: '', password: 'Secret-pass1!', isSuperuser: false, isActive: true },
          newCommandMeta(SYSTEM_ACTOR),
        ),
    );
    await liveRunner.waitFor(position, 5_000);
    expect(liveRunner.position).toBeGreaterThanOrEqual(position);
    await expect(liveRunner.waitFor(position + 1_000_000, 50)).rejects.toThrow(/did not reach/);
  });

  it(
    'folds the same read models as the read-model runner and the ' + 'audit runner side by side, each naming itself in its notices',
    async () => {
      const splitStore = new SqliteReadStore();
      const notices: ProjectionsAdvanced[] = [];
      const splitBus = new MemoryBus();
      splitBus.subscribe(PROJECTIONS_ADVANCED, (payload) => void notices.push(payload as ProjectionsAdvanced));
      const readModels = new ProjectionRunner({
        store,
        readStore: splitStore,
        bus: splitBus,
        projections: readModelProjections,
        batchSize: 11,
      });
      const audit = new ProjectionRunner({
        store,
        readStore: splitStore,
        bus: splitBus,
        projections: auditProjections,
        name: AUDIT_RUNNER,
        batchSize: 5,
      });
      await Promise.all([readModels.start(), audit.start()]);
      const combined = await snapshot(liveRunner, live);
      delete combined._checkpoints;
      const split = { ...(await snapshot(readModels, splitStore)), ...(await snapshot(audit, splitStore)) };
      expect(split).toEqual(combined);
      expect(new Set(notices.map((notice) => notice.runner))).toEqual(new Set(['read-models', AUDIT_RUNNER]));
      expect(notices.filter((notice) => notice.runner === AUDIT_RUNNER).at(-1)!.position).toBe(await store.headPosition());
      expect(notices.some((notice) => notice.runner === AUDIT_RUNNER && notice.topics.some((topic) => topic.endsWith(':audit')))).toBe(
        true,
      );
      await Promise.all([readModels.stop(), audit.stop()]);
    },
  );

  it(
    'catches up in batches of catchUpBatchSize with no live topics (nobody ' +
      'follows them yet), then folds live appends in batches of batchSize with theirs',
    async () => {
      const batchesBus = new MemoryBus();
      const folded: number[] = [];
      const announced: string[] = [];
      batchesBus.subscribe(PROJECTIONS_ADVANCED, (payload) => {
        folded.push((payload as ProjectionsAdvanced).position);
        announced.push(...(payload as ProjectionsAdvanced).topics);
      });
      const readStore = new SqliteReadStore();
      const runner = new ProjectionRunner({
        store,
        readStore,
        bus: batchesBus,
        projections: allProjections,
        batchSize: 2,
        catchUpBatchSize: 40,
      });
      const head = await store.headPosition();
      await runner.start();
      expect(folded).toEqual(Array.from({ length: Math.ceil(head / 40) }, (_, n) => Math.min(head, 40 * (n + 1))));
      expect(announced).toEqual([]);
      folded.length = 0;
      const system = newCommandMeta(SYSTEM_ACTOR);
      const registered = await Promise.all(
        [1, 2, 3, 4, 5].map((n) =>
          commands['users.register'](
            {
              username: `batch${n}`,
              email: '',
              firstName: '',
              lastName: '',
              password: 'Secret-pass1!',
              isSuperuser: false,
              isActive: true,
            },
            system,
          ),
        ),
      );
      const last = Math.max(...registered.map((r) => r.position));
      await runner.waitFor(last, 5_000);
      await liveRunner.waitFor(last, 5_000);
      expect(folded.length).toBeGreaterThanOrEqual(Math.ceil((last - head) / 2));
      expect(folded.every((position, n) => position - (folded[n - 1] ?? head) <= 2)).toBe(true);
      expect(announced).toContain(topics.users);
      expect(await snapshot(runner, readStore)).toEqual(await snapshot(liveRunner, live));
      await runner.stop();
    },
  );

  it('gives other work turns during a long batch, which sees the batch whole or not at all', async () => {
    const types = new Set((await store.readAll(0, 100_000)).map((event) => event.type));
    // 0.2 ms an event: a batch of 1,000 would hold the event loop for 200 ms in one go.
    const slow: Projection = {
      name: 'slow',
      collections: { slow_counts: { indexes: [] } },
      handles: types,
      keys: () => [['slow_counts', 1]],
      apply(_event, view) {
        for (const until = performance.now() + 0.2; performance.now() < until; );
        const counted = view.get<{ _id: number; events: number }>('slow_counts', 1);
        view.put('slow_counts', { _id: 1, events: (counted?.events ?? 0) + 1 });
      },
    };
    const readStore = new SqliteReadStore();
    const slowBus = new MemoryBus();
    const folded = [0];
    slowBus.subscribe(PROJECTIONS_ADVANCED, (payload) => void folded.push((payload as ProjectionsAdvanced).position));
    const runner = new ProjectionRunner({ store, readStore, bus: slowBus, projections: [slow], name: 'slow', batchSize: 1_000 });
    const seen: number[] = [];
    const ticks = setInterval(
      () =>
        void readStore
          .collection('slow_counts')
          .findOne({ _id: 1 })
          .then((counted) => seen.push(Number(counted?._pos ?? 0))),
      1,
    );
    await runner.start();
    clearInterval(ticks);
    await runner.stop();
    // The log is one batch: without turns inside it, no tick would run before its end.
    expect(seen.filter((position) => position === 0).length).toBeGreaterThanOrEqual(3);
    // Only what batches left: the position each batch ended at, never one inside a batch.
    expect(seen.filter((position) => !folded.includes(position))).toEqual([]);
  });

  it('ends a start still catching up when stopped, folding nothing more', async () => {
    const readStore = new SqliteReadStore();
    const runner = new ProjectionRunner({ store, readStore, bus, projections: auditProjections, name: AUDIT_RUNNER, batchSize: 1 });
    const started = runner.start();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await runner.stop();
    await started;
    const reached = runner.position;
    expect(reached).toBeLessThan(await store.headPosition());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runner.position).toBe(reached);
  });
});

/** The log as it was when its last event was `last`. */
const logUpTo = (last: number): Pick<EventStore, 'subscribe' | 'headPosition'> => ({
  headPosition: async () => last,
  subscribe: (after, handler, options) =>
    store.subscribe(after, (events) => handler(events.filter((event) => event.position <= last)), options),
});

/** The read models (the audit trail aside) of a fold from position 0 up to the log's head. */
async function foldedReadModels() {
  const readStore = new SqliteReadStore();
  const runner = new ProjectionRunner({ store, readStore, bus, projections: readModelProjections, batchSize: 7 });
  await runner.start();
  await runner.stop();
  return snapshot(runner, readStore);
}

/**
 * A store whose `writeAll` fails inside its transaction once `operations` more have been written: a crash in the middle of a batch's
 * commit.
 */
function crashingAfter(inner: SqliteReadStore, operations: number, crashed: () => void): ReadStore {
  let left = operations;
  return {
    collection: (name) => inner.collection(name),
    close: () => inner.close(),
    writeAll: async (writes) => {
      const count = writes.reduce((sum, write) => sum + write.operations.length, 0);
      if (left >= count) {
        left -= count;
        return inner.writeAll(writes);
      }
      const flat = writes.flatMap((write) =>
        write.operations.map((operation) => ({ collection: write.collection, operations: [operation] })),
      );
      const poisoned = [
        ...flat.slice(0, left),
        { collection: flat[0]!.collection, operations: [{ crash: {} } as unknown as WriteOperation] },
      ];
      crashed();
      return inner.writeAll(poisoned);
    },
  };
}

describe('read models kept in SQLite across stops, crashes and code changes', () => {
  it.each([0.1, 0.37, 0.62, 0.9, 1])(
    'a fold stopped at %f of the log resumes on the same file into exactly a fold from position 0',
    async (share) => {
      const cut = Math.round((await store.headPosition()) * share);
      const file = join(dir(), `resume-${cut}.sqlite`);
      const partStore = new SqliteReadStore({ file });
      const part = new ProjectionRunner({
        store: logUpTo(cut),
        readStore: partStore,
        bus,
        projections: readModelProjections,
        batchSize: 7,
        version: 'v1',
      });
      await part.start();
      await part.stop();
      await partStore.close();
      expect(part.position).toBe(cut);
      const resumedStore = new SqliteReadStore({ file });
      const resumed = new ProjectionRunner({
        store,
        readStore: resumedStore,
        bus,
        projections: readModelProjections,
        batchSize: 7,
        version: 'v1',
      });
      await resumed.start();
      await resumed.stop();
      expect(resumed.resumedFrom).toBe(cut);
      expect(await snapshot(resumed, resumedStore)).toEqual(await foldedReadModels());
      await resumedStore.close();
    },
  );

  it(
    'a crash inside any commit keeps the last whole batch, and the ' + 'next start resumes from it into exactly a fold from position 0',
    async () => {
      const full = await foldedReadModels();
      const head = await store.headPosition();
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 40 }), async (crashAfter, batchSize) => {
          const file = join(dir(), `crash-${crashAfter}-${batchSize}.sqlite`);
          const inner = new SqliteReadStore({ file });
          let crash: () => void = () => {};
          const crashed = new Promise<void>((resolve) => (crash = resolve));
          const part = new ProjectionRunner({
            store,
            readStore: crashingAfter(inner, crashAfter, crash),
            bus,
            projections: readModelProjections,
            batchSize,
            version: 'v1',
          });
          const started = part.start().catch(() => {});
          await Promise.race([started, crashed]);
          await part.stop();
          const stored = Number((await inner.collection('_checkpoints').findOne({ _id: part.runnerName }))?.position ?? 0);
          // What a crash leaves is a batch boundary the runner had reached, never a part of a batch.
          expect(stored).toBe(Math.min(part.position, head));
          await inner.close();
          const resumedStore = new SqliteReadStore({ file });
          const resumed = new ProjectionRunner({
            store,
            readStore: resumedStore,
            bus,
            projections: readModelProjections,
            batchSize: 64,
            version: 'v1',
          });
          await resumed.start();
          await resumed.stop();
          expect(resumed.resumedFrom).toBe(stored);
          expect(await snapshot(resumed, resumedStore)).toEqual(full);
          await resumedStore.close();
        }),
        { numRuns: 12 },
      );
    },
  );

  it('drops read models folded by other code, or past the end of the log, and folds them again from position 0', async () => {
    const file = join(dir(), 'versions.sqlite');
    const full = await foldedReadModels();
    const first = new SqliteReadStore({ file });
    const old = new ProjectionRunner({ store, readStore: first, bus, projections: readModelProjections, version: 'old code' });
    await old.start();
    await old.stop();
    await first.close();
    // Other code: folded again. A log shorter than the stored position (another log): folded again. Then the same code on the same log
    // resumes.
    for (const [log, version, resumedFrom] of [
      [store, 'new code', 0],
      [logUpTo(5), 'new code', 0],
      [store, 'new code', 5],
    ] as const) {
      const readStore = new SqliteReadStore({ file });
      const runner = new ProjectionRunner({ store: log, readStore, bus, projections: readModelProjections, version });
      await runner.start();
      await runner.stop();
      expect(runner.resumedFrom).toBe(resumedFrom);
      if (log === store) expect(await snapshot(runner, readStore)).toEqual(full);
      await readStore.close();
    }
  });
});
