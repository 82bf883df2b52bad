import { SqliteAggregateSnapshots, SqliteEventStore, type EventStore } from '@testament/infra';
import { tempDirMakerEach } from '@testament/infra/testing/temp-dir';
import fc from 'fast-check';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { initialTestState, type TestState } from '../tests/evolve.ts';
import { testDecider } from '../tests/decide.ts';
import { AggregateCache, toDomainEvents } from './aggregate-cache.ts';
import { AggregateSnapshotter } from './aggregate-snapshotter.ts';
import { toNewEvents } from './command-handler.ts';
import { newCommandMeta } from './command-meta.ts';
import { foldEvents, SYSTEM_ACTOR, type DomainEvent } from './decider.ts';

const makeDir = tempDirMakerEach('aggregate-snapshots');
const opened: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const resource of opened.splice(0).reverse()) await resource.close();
});

const TESTS = [1, 2, 3];
const stream = (testId: number) => `test-${testId}`;

/** The write side's files in a data directory, opened as a (re)started process opens them. */
function openFiles(dir: string, every = 8, version = 'v1') {
  const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  const snapshots = SqliteAggregateSnapshots.open(join(dir, 'snapshots.sqlite'));
  const snapshotter = new AggregateSnapshotter(snapshots, version, { every });
  opened.push(store, snapshots);
  return { store, snapshots, snapshotter };
}

/** A test's events as its commands make them: results added, edited or deleted, and the test assigned, moved, archived, deleted. */
type Change =
  | { kind: 'add'; status: number; comment: string; attributes?: Record<string, string>; steps?: number }
  | { kind: 'move'; planId: number }
  | { kind: 'trash'; withPlan: boolean }
  | { kind: 'edit'; nth: number; status: number }
  | { kind: 'delete'; nth: number }
  | { kind: 'assign'; assigneeId: number | null }
  | { kind: 'archive' };

const change: fc.Arbitrary<Change> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      {
        kind: fc.constant('add' as const),
        status: fc.integer({ min: 1, max: 6 }),
        comment: fc.string(),
        attributes: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string()),
        steps: fc.integer({ min: 0, max: 3 }),
      },
      { requiredKeys: ['kind', 'status', 'comment'] },
    ),
  },
  fc.record({ kind: fc.constant('move' as const), planId: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('trash' as const), withPlan: fc.boolean() }),
  fc.record({ kind: fc.constant('edit' as const), nth: fc.nat(), status: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('delete' as const), nth: fc.nat() }),
  fc.record({ kind: fc.constant('assign' as const), assigneeId: fc.option(fc.integer({ min: 1, max: 3 })) }),
  fc.record({ kind: fc.constant('archive' as const) }),
);

let nextResultId = 1;
function eventsOf(testId: number, state: TestState, made: Change): DomainEvent[] {
  const ref = { testId, projectId: 1 };
  if (!state.exists) return [{ type: 'TestCreated', data: { ...ref, planId: 1, caseId: 1, assigneeId: null } }];
  const results = [...state.results.values()];
  const nth = (n: number) => results[n % results.length];
  switch (made.kind) {
    case 'add':
      return [
        {
          type: 'ResultAdded',
          data: {
            ...ref,
            resultId: nextResultId++,
            userId: 1,
            status: made.status,
            comment: made.comment,
            executionTime: null,
            attributes: made.attributes ?? {},
            attachmentIds: [],
            stepResults: Array.from({ length: made.steps ?? 0 }, (_, step) => ({
              id: nextResultId * 10 + step,
              stepId: step + 1,
              name: `step ${step + 1}`,
              sortOrder: step + 1,
              status: made.status,
            })),
            isArchive: false,
            createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, nextResultId)).toISOString(),
            caseHistoryId: 1,
            caseVersion: 1,
            lastStatus: made.status,
          },
        },
      ];
    case 'edit': {
      const result = nth(made.nth);
      return result ? [{ type: 'ResultEdited', data: { ...ref, resultId: result.id, status: made.status, lastStatus: made.status } }] : [];
    }
    case 'delete': {
      const result = nth(made.nth);
      return result && !result.deleted ? [{ type: 'ResultDeleted', data: { ...ref, resultId: result.id, lastStatus: null } }] : [];
    }
    case 'move':
      return [{ type: 'TestMoved', data: { ...ref, planId: made.planId } }];
    case 'trash':
      // Deleted with its plan or alone, then recovered.
      if (state.deleted) return [{ type: 'TestRecovered', data: ref }];
      return [{ type: 'TestDeleted', data: { ...ref, ...(made.withPlan ? { withPlan: state.planId } : {}) } }];
    case 'assign':
      return [{ type: 'TestAssigned', data: { ...ref, assigneeId: made.assigneeId, previousAssigneeId: state.assigneeId } }];
    case 'archive':
      return [{ type: state.isArchive ? 'TestUnarchived' : 'TestArchived', data: ref }];
  }
}

/** What a command does with the cache: load, decide, append, keep the state it appended. */
async function record(cache: AggregateCache, store: EventStore, testId: number, made: Change): Promise<void> {
  const { revision, state } = await cache.load(stream(testId), testDecider);
  const events = eventsOf(testId, state, made);
  if (events.length === 0) return;
  const appended = await store.append(
    stream(testId),
    toNewEvents(events, newCommandMeta(SYSTEM_ACTOR), '2026-01-01T00:00:00.000Z'),
    revision === -1 ? 'no_stream' : revision,
  );
  cache.remember(stream(testId), testDecider, { revision: appended.revision, state: foldEvents(testDecider, state, events) });
}

/** The state a fold of the whole stream from the log gives: what every load must equal. */
async function foldedFromScratch(store: EventStore, testId: number): Promise<TestState> {
  return foldEvents(testDecider, initialTestState, toDomainEvents(await store.readStream(stream(testId))) as never);
}

/** The store, noting from which revision each stream read starts. */
function readsNoted(store: EventStore): { store: EventStore; from: number[] } {
  const from: number[] = [];
  const noted = Object.create(store) as EventStore;
  noted.readStream = (name, fromRevision = 0) => {
    from.push(fromRevision);
    return store.readStream(name, fromRevision);
  };
  return { store: noted, from };
}

describe('aggregate snapshots', () => {
  it('loads a state equal to a fold of the whole stream, over random histories with restarts and crashes at random points', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            { weight: 12, arbitrary: fc.record({ step: fc.constant('record' as const), testId: fc.constantFrom(...TESTS), change }) },
            // An orderly stop writes what it snapshotted; a crash loses the snapshots of its last second.
            { weight: 1, arbitrary: fc.record({ step: fc.constantFrom('stop' as const, 'crash' as const) }) },
          ),
          { maxLength: 60 },
        ),
        fc.integer({ min: 1, max: 5 }),
        async (steps, every) => {
          const dir = await makeDir();
          let files = openFiles(dir, every);
          let cache = new AggregateCache(files.store, {}, files.snapshotter);
          for (const step of steps) {
            if (step.step === 'record') {
              await record(cache, files.store, step.testId, step.change);
              continue;
            }
            if (step.step === 'stop') await files.snapshotter.close();
            await files.store.close();
            files.snapshots.close();
            files = openFiles(dir, every);
            cache = new AggregateCache(files.store, {}, files.snapshotter);
            for (const testId of TESTS) {
              const loaded = await cache.load(stream(testId), testDecider);
              expect(loaded.state).toEqual(await foldedFromScratch(files.store, testId));
            }
          }
          files.snapshotter.flush();
          const restarted = new AggregateCache(files.store, {}, files.snapshotter);
          for (const testId of TESTS)
            expect((await restarted.load(stream(testId), testDecider)).state).toEqual(await foldedFromScratch(files.store, testId));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('after a restart reads only the events from the snapshot on, and snapshots again every `every` events', async () => {
    const files = openFiles(await makeDir(), 4);
    const cache = new AggregateCache(files.store, {}, files.snapshotter);
    for (let n = 0; n < 11; n++) await record(cache, files.store, 1, { kind: 'add', status: 2, comment: `run ${n}` });
    files.snapshotter.flush();
    // Revisions 0 (the test) to 10: snapshots at 3 and 7, the later one kept.
    expect(files.snapshots.get(stream(1), 'v1')?.revision).toBe(7);

    const { store, from } = readsNoted(files.store);
    const restarted = new AggregateCache(store, {}, files.snapshotter);
    const loaded = await restarted.load(stream(1), testDecider);
    expect(from).toEqual([7]);
    expect(loaded.revision).toBe(10);
    expect(loaded.state).toEqual(await foldedFromScratch(files.store, 1));
    expect(loaded.state.results.size).toBe(10);
  });

  it('folds the whole stream when the snapshot is of another code, or of a log that no longer holds its event', async () => {
    const dir = await makeDir();
    const files = openFiles(dir, 2);
    const cache = new AggregateCache(files.store, {}, files.snapshotter);
    for (let n = 0; n < 5; n++) await record(cache, files.store, 1, { kind: 'add', status: 2, comment: `first log ${n}` });
    files.snapshotter.flush();
    expect(files.snapshots.get(stream(1), 'v1')?.revision).toBe(3);

    const otherCode = readsNoted(files.store);
    await new AggregateCache(otherCode.store, {}, new AggregateSnapshotter(files.snapshots, 'v2')).load(stream(1), testDecider);
    expect(otherCode.from).toEqual([0]);

    // A new log in another directory, the old snapshots beside it: the same stream, other events.
    const other = SqliteEventStore.open(join(await makeDir(), 'events.sqlite'));
    opened.push(other);
    const writer = new AggregateCache(other);
    for (let n = 0; n < 6; n++) await record(writer, other, 1, { kind: 'add', status: 3, comment: `second log ${n}` });
    const onOtherLog = readsNoted(other);
    const onOtherSnapshots = new AggregateSnapshotter(files.snapshots, 'v1', { every: 2 });
    const loaded = await new AggregateCache(onOtherLog.store, {}, onOtherSnapshots).load(stream(1), testDecider);
    expect(onOtherLog.from).toEqual([3, 0]);
    expect(loaded.state).toEqual(await foldedFromScratch(other, 1));
    expect([...loaded.state.results.values()].map((result) => result.comment)).toContain('second log 1');
    // The other log's snapshot took its place, though of an earlier revision.
    onOtherSnapshots.flush();
    expect(files.snapshots.get(stream(1), 'v1')).toMatchObject({ revision: 5, hash: (await other.readStream(stream(1))).at(-1)!.hash });
  });

  it('never snapshots a decider without a codec', async () => {
    const files = openFiles(await makeDir(), 1);
    const withoutCodec = { ...testDecider, snapshot: undefined };
    const cache = new AggregateCache(files.store, {}, files.snapshotter);
    for (let n = 0; n < 3; n++) {
      const { revision, state } = await cache.load(stream(1), withoutCodec);
      const events = eventsOf(1, state, { kind: 'add', status: 1, comment: '' });
      const appended = await files.store.append(
        stream(1),
        toNewEvents(events, newCommandMeta(SYSTEM_ACTOR), '2026-01-01T00:00:00.000Z'),
        revision === -1 ? 'no_stream' : revision,
      );
      cache.remember(stream(1), withoutCodec, { revision: appended.revision, state: foldEvents(withoutCodec, state, events) });
    }
    files.snapshotter.flush();
    expect(files.snapshots.get(stream(1), 'v1')).toBeUndefined();
  });

  it('writes what it took within its flush interval, and the rest at its close, without being asked', async () => {
    const dir = await makeDir();
    const files = openFiles(dir, 2);
    const timed = new AggregateSnapshotter(files.snapshots, 'v1', { every: 2, flushMs: 50 });
    const cache = new AggregateCache(files.store, {}, timed);
    for (let n = 0; n < 3; n++) await record(cache, files.store, 1, { kind: 'add', status: 2, comment: '' });
    expect(files.snapshots.get(stream(1), 'v1')).toBeUndefined();
    await expect.poll(() => files.snapshots.get(stream(1), 'v1')?.revision, { timeout: 2_000 }).toBe(1);

    const closing = new AggregateSnapshotter(files.snapshots, 'v1', { every: 2, flushMs: 60_000 });
    const closingCache = new AggregateCache(files.store, {}, closing);
    for (let n = 0; n < 2; n++) await record(closingCache, files.store, 1, { kind: 'add', status: 3, comment: '' });
    await closing.close();
    const reopened = SqliteAggregateSnapshots.open(join(dir, 'snapshots.sqlite'));
    opened.push(reopened);
    expect(reopened.get(stream(1), 'v1')?.revision).toBe(3);
  });

  it('folds the whole stream when a snapshot does not read, and removes it', async () => {
    const files = openFiles(await makeDir(), 2);
    const cache = new AggregateCache(files.store, {}, files.snapshotter);
    for (let n = 0; n < 4; n++) await record(cache, files.store, 1, { kind: 'add', status: 2, comment: `${n}` });
    files.snapshotter.flush();
    const taken = files.snapshots.get(stream(1), 'v1')!;
    files.snapshots.put([{ ...taken, revision: taken.revision + 1, state: '{"results": not json' }]);

    const loaded = await new AggregateCache(files.store, {}, files.snapshotter).load(stream(1), testDecider);
    expect(loaded.state).toEqual(await foldedFromScratch(files.store, 1));
    expect(files.snapshots.get(stream(1), 'v1')).toBeUndefined();
  });
});
