import { SqliteEventStore, SqliteIdAllocator, type EventStore, type NewEvent } from '@testament/infra';
import { tempDirAll } from '@testament/infra/testing/temp-dir';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandService } from '../command-service.ts';
import { AggregateCache, type Evolver } from './aggregate-cache.ts';
import { CommandBatch } from './command-batch.ts';
import { newCommandMeta } from './command-meta.ts';
import type { DomainEvent } from './decider.ts';

const dir = tempDirAll('aggregate-cache');
let store: SqliteEventStore;
let ids: SqliteIdAllocator;
const owner = { userId: 42, isSuperuser: false, isExternal: false };

beforeAll(async () => {
  store = SqliteEventStore.open(join(dir(), 'events.sqlite'));
  ids = SqliteIdAllocator.open(join(dir(), 'ids.sqlite'));
});
afterAll(async () => {
  await ids.close();
  await store.close();
});

interface StreamRead {
  stream: string;
  fromRevision: number;
  events: number;
}

/** The store as it is, noting every readStream: which stream, from where, and how many events came back. */
function readCounting(inner: EventStore, beforeAppend?: (stream: string) => Promise<void>) {
  const reads: StreamRead[] = [];
  /** The number of streams of each readStreams. */
  const batches: number[] = [];
  const counted: EventStore = {
    async append(stream, events, expected) {
      await beforeAppend?.(stream);
      return inner.append(stream, events, expected);
    },
    async appendMany(appends) {
      for (const { stream } of appends) await beforeAppend?.(stream);
      return inner.appendMany(appends);
    },
    async readStream(stream, fromRevision = 0) {
      const events = await inner.readStream(stream, fromRevision);
      reads.push({ stream, fromRevision, events: events.length });
      return events;
    },
    async readStreams(streams) {
      const read = await inner.readStreams(streams);
      batches.push(streams.length);
      for (const [stream, events] of read) reads.push({ stream, fromRevision: 0, events: events.length });
      return read;
    },
    readAll: (after, limit) => inner.readAll(after, limit),
    readAllText: (after, limit) => inner.readAllText(after, limit),
    subscribe: inner.subscribe.bind(inner),
    headPosition: () => inner.headPosition(),
    close: () => inner.close(),
  };
  const readsOf = (stream: string) => reads.filter((read) => read.stream === stream);
  return { store: counted, readsOf, batches };
}

const meta = () => newCommandMeta(owner);

async function newProject(name: string): Promise<{ projectId: number; stream: string }> {
  const { projectId } = await createCommandService({ store, ids })['projects.create'](
    { name, description: '', isPrivate: false, isArchive: false, icon: null },
    meta(),
  );
  return { projectId, stream: `project-${projectId}` };
}

function detailsChanged(count: number): NewEvent[] {
  const metadata = { actorId: 42, time: '2026-05-01T10:00:00.000Z', correlationId: 'bulk', causationId: null, commandId: 'bulk' };
  return Array.from({ length: count }, (_, i) => ({
    type: 'ProjectDetailsChanged',
    data: { description: `edit ${i}` },
    schemaVersion: 1,
    metadata,
  }));
}

describe('aggregate cache in the command handler', () => {
  it('folds a 10,000-event stream once, then reads only the events appended since', async () => {
    const { projectId, stream } = await newProject('Long');
    const { revision } = await store.append(stream, detailsChanged(10_000), 'any');
    const counting = readCounting(store);
    const commands = createCommandService({ store: counting.store, ids });
    const otherProcess = createCommandService({ store, ids });

    await commands['projects.update']({ projectId, description: 'first' }, meta());
    await commands['projects.update']({ projectId, description: 'second' }, meta());
    await otherProcess['projects.update']({ projectId, description: 'elsewhere' }, meta());
    await commands['projects.update']({ projectId, description: 'third' }, meta());

    expect(counting.readsOf(stream).map((read) => read.events)).toEqual([revision + 1, 0, 1]);
    const descriptions = (await store.readStream(stream, revision + 1)).map((e) => (e.data as { description: string }).description);
    expect(descriptions).toEqual(['first', 'second', 'elsewhere', 'third']);
  });

  it("lets two processes with their own caches write one stream in turn, each deciding on the other one's writes", async () => {
    const { projectId, stream } = await newProject('Shared');
    const [a, b] = [createCommandService({ store, ids }), createCommandService({ store, ids })];
    // Both load the project first, so both hold it in their caches before the other writes.
    await a['projects.update']({ projectId, description: 'seen by a' }, meta());
    await b['projects.update']({ projectId, description: 'seen by b' }, meta());
    for (let turn = 0; turn < 6; turn++) {
      const [writer, other] = turn % 2 === 0 ? [a, b] : [b, a];
      const name = `Name ${turn}`;
      expect((await writer['projects.update']({ projectId, name }, meta())).position).toBeGreaterThan(0);
      // Renaming to the name it already has is no change, as long as the other process's rename is folded in.
      expect((await other['projects.update']({ projectId, name }, meta())).position).toBe(0);
    }
    const renames = (await store.readStream(stream)).filter((e) => (e.data as { name?: string }).name?.startsWith('Name'));
    expect(renames).toHaveLength(6);
  });

  it('retries a command from a fresh read when another writer appends between its load and its append', async () => {
    const { projectId, stream } = await newProject('Contested');
    const otherProcess = createCommandService({ store, ids });
    let interfered = false;
    const counting = readCounting(store, async (target) => {
      if (target !== stream || interfered) return;
      interfered = true;
      await otherProcess['projects.update']({ projectId, name: 'Same idea' }, meta());
    });
    const commands = createCommandService({ store: counting.store, ids });

    // The other writer's rename lands first; decided again on the fresh state, this one changes nothing.
    expect((await commands['projects.update']({ projectId, name: 'Same idea' }, meta())).position).toBe(0);
    const head = (await store.readStream(stream)).at(-1)!;
    expect(head.data).toEqual({ name: 'Same idea' });

    // The cache holds the stream at its head: the next command reads nothing before deciding.
    await commands['projects.update']({ projectId, description: 'after the conflict' }, meta());
    expect(counting.readsOf(stream).at(-1)).toEqual({ stream, fromRevision: head.revision + 1, events: 0 });
  });
});

describe('a plan made of many cases', () => {
  it('reads the cases a fresh command service does not keep in one read', async () => {
    const author = createCommandService({ store, ids });
    const { projectId } = await newProject('Planned');
    const { id: suiteId } = await author['suites.create'](
      { projectId, parentId: null, name: 'Suite', description: '', attributes: {}, attachmentIds: [] },
      meta(),
    );
    const content = (n: number) => ({
      name: `Case ${n}`,
      suiteId,
      description: '',
      setup: '',
      scenario: 'Do it',
      expected: 'Done',
      teardown: '',
      estimate: null,
      isSteps: false,
      attributes: {},
      steps: [],
      labels: [],
    });
    const caseIds: number[] = [];
    for (let n = 0; n < 30; n++) caseIds.push((await author['cases.create']({ projectId, content: content(n) }, meta())).caseId);

    // As after a restart: nothing of the cases is kept.
    const counting = readCounting(store);
    const restarted = createCommandService({ store: counting.store, ids });
    const fields = {
      name: 'Release',
      description: '',
      startedAt: '2026-01-05T09:00:00.000Z',
      dueDate: '2026-03-05T09:00:00.000Z',
      finishedAt: null,
      attributes: {},
      attachmentIds: [],
    };
    await restarted['plans.create']({ projectId, parentId: null, fields, isArchive: false, parameterIds: [], caseIds }, meta());

    expect(counting.batches).toEqual([caseIds.length]);
    for (const caseId of caseIds) expect(counting.readsOf(`case-${caseId}`).filter((read) => read.fromRevision === 0)).toHaveLength(1);
    const tests = (await store.readAll(0, 1_000_000)).filter(
      (event) => event.type === 'TestCreated' && (event.data as { projectId: number }).projectId === projectId,
    );
    expect(tests).toHaveLength(30);
  });
});

describe('aggregate cache limits', () => {
  const counter: Evolver<number, DomainEvent> = { initialState: 0, evolve: (count) => count + 1 };
  const ticks = (count: number): NewEvent[] =>
    Array.from({ length: count }, () => ({
      type: 'Tick',
      data: {},
      schemaVersion: 1,
      metadata: { actorId: null, time: '2026-05-01T10:00:00.000Z', correlationId: 't', causationId: null, commandId: 't' },
    }));

  async function streamsOfFiveEvents(...names: string[]): Promise<string[]> {
    const prefix = `ticks-${Math.random().toString(36).slice(2)}`;
    const streams = names.map((name) => `${prefix}-${name}`);
    for (const stream of streams) await store.append(stream, ticks(5), 'no_stream');
    return streams;
  }

  it('evicts the least recently used states to stay under the total weight; an evicted stream is simply read again', async () => {
    const [first, second, third] = await streamsOfFiveEvents('first', 'second', 'third');
    const counting = readCounting(store);
    const cache = new AggregateCache(counting.store, { maxWeight: 12 });

    await cache.load(first!, counter);
    await cache.load(second!, counter);
    await cache.load(first!, counter); // Now the second is the least recently used.
    await cache.load(third!, counter);
    expect(cache.weight).toBe(10);
    expect(cache.size).toBe(2);

    expect(await cache.load(first!, counter)).toEqual({ revision: 4, state: 5 });
    expect(counting.readsOf(first!).map((read) => read.fromRevision)).toEqual([0, 5, 5]);
    expect(await cache.load(second!, counter)).toEqual({ revision: 4, state: 5 });
    expect(counting.readsOf(second!)).toEqual([
      { stream: second, fromRevision: 0, events: 5 },
      { stream: second, fromRevision: 0, events: 5 },
    ]);
    expect(cache.weight).toBeLessThanOrEqual(12);
  });

  it('preloads the streams it does not keep in one read, after which a load reads only what was appended since', async () => {
    const [kept, cold, other] = await streamsOfFiveEvents('kept', 'cold', 'other');
    const missing = `${cold!}-missing`;
    const counting = readCounting(store);
    const cache = new AggregateCache(counting.store);
    await cache.load(kept!, counter);
    await cache.preload([kept!, cold!, other!, missing], counter);
    // The kept stream is not read again; the others are read once, together.
    expect(counting.readsOf(kept!)).toHaveLength(1);
    expect([cold, other, missing].map((stream) => counting.readsOf(stream!))).toEqual([
      [{ stream: cold, fromRevision: 0, events: 5 }],
      [{ stream: other, fromRevision: 0, events: 5 }],
      [{ stream: missing, fromRevision: 0, events: 0 }],
    ]);
    await store.append(cold!, ticks(2), 4);
    expect(await cache.load(cold!, counter)).toEqual({ revision: 6, state: 7 });
    expect(counting.readsOf(cold!).at(-1)).toEqual({ stream: cold, fromRevision: 5, events: 2 });
    // A missing stream is not kept: a load reads it whole, as before.
    expect(await cache.load(missing, counter)).toEqual({ revision: -1, state: 0 });
    expect(cache.size).toBe(3);
  });

  it('keeps the states a batch decided unless the batch says not to, and a state not kept is read again whole', async () => {
    const [kept, left] = await streamsOfFiveEvents('kept', 'left');
    const counting = readCounting(store);
    const cache = new AggregateCache(counting.store);
    const deps = { store: counting.store, aggregates: cache, clock: () => new Date('2026-05-01T10:00:00Z') };
    for (const [stream, keepStates] of [
      [kept!, true],
      [left!, false],
    ] as const) {
      await cache.load(stream, counter);
      const batch = new CommandBatch({ keepStates });
      batch.add({ stream, events: ticks(1), expected: 4, remember: (revision) => cache.remember(stream, counter, { revision, state: 6 }) });
      await batch.commit(deps, [], meta());
    }
    expect(cache.size).toBe(1);
    expect(await cache.load(kept!, counter)).toEqual({ revision: 5, state: 6 });
    expect(await cache.load(left!, counter)).toEqual({ revision: 5, state: 6 });
    expect(counting.readsOf(kept!).map((read) => read.fromRevision)).toEqual([0, 6]);
    expect(counting.readsOf(left!).map((read) => read.fromRevision)).toEqual([0, 0]);
  });

  it('keeps at most the configured number of streams', async () => {
    const streams = await streamsOfFiveEvents('a', 'b', 'c');
    const cache = new AggregateCache(store, { maxStreams: 2 });
    for (const stream of streams) await cache.load(stream, counter);
    expect(cache.size).toBe(2);
    expect(cache.weight).toBe(10);
  });
});
