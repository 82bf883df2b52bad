/**
 * The contract every EventStore adapter passes. It holds on a store that other
 * writers share (a KurrentDB server): each test writes to streams with its own
 * random prefix, takes `headPosition()` first, and looks only at its own
 * streams when it reads the global log.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WrongExpectedRevisionError, type EventStore, type NewEvent, type RecordedEvent } from '../ports/event-store.ts';
import { canonicalJson, eventHashOfCanonical } from './hash.ts';
import { verifyChain } from './verify.ts';
import { describeSkippedSuite } from '../testing/skipped-suite.ts';

export interface EventStoreFixture {
  store: EventStore;
  cleanup(): Promise<void>;
}

export function eventStoreContract(
  name: string,
  makeStore: (() => Promise<EventStoreFixture>) | null,
  skipReason = 'no store available',
): void {
  if (makeStore === null) {
    describeSkippedSuite(`${name} event store contract`, skipReason);
    return;
  }
  describe(`${name} event store contract`, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;
    let prefix: string;
    let head0: number;

    beforeEach(async () => {
      fixture = await makeStore();
      store = fixture.store;
      prefix = `contract${randomUUID().replaceAll('-', '').slice(0, 12)}-`;
      head0 = await store.headPosition();
    });
    afterEach(async () => {
      vi.restoreAllMocks();
      await fixture.cleanup();
    });

    const streamName = (suffix: string) => `${prefix}${suffix}`;
    const isOwn = (event: RecordedEvent) => event.stream.startsWith(prefix);

    /** All of this test's events in the global log after head0, read in pages. */
    async function readOwnFromLog(pageSize = 500): Promise<RecordedEvent[]> {
      const own: RecordedEvent[] = [];
      for (let after = head0; ; ) {
        const page = await store.readAll(after, pageSize);
        const last = page.at(-1);
        if (last === undefined) return own;
        own.push(...page.filter(isOwn));
        after = last.position;
      }
    }

    describe('append and readStream', () => {
      it('round-trips events with all their fields', async () => {
        const stream = streamName('case-1');
        const events = [
          newEvent('CaseCreated', { name: 'Login works', steps: [{ text: 'open', expected: 'page' }] }, 2),
          newEvent('CaseRenamed', { name: 'Login still works', nested: { b: 1, a: [1, 'two', null] } }),
        ];
        const result = await store.append(stream, events, 'no_stream');

        const read = await store.readStream(stream);
        expect(read).toHaveLength(2);
        read.forEach((recorded, index) => {
          const sent = events[index]!;
          expect(recorded.stream).toBe(stream);
          expect(recorded.revision).toBe(index);
          expect(recorded.type).toBe(sent.type);
          expect(recorded.schemaVersion).toBe(sent.schemaVersion);
          expect(recorded.data).toEqual(sent.data);
          expect(recorded.metadata).toEqual(sent.metadata);
          expect(recorded.hash).toMatch(/^[0-9a-f]{64}$/);
          expect(recorded.position).toBeGreaterThan(head0);
        });
        expect(read[1]!.position).toBeGreaterThan(read[0]!.position);
        expect(result).toEqual({ revision: 1, position: read[1]!.position });
      });

      it('numbers revisions from 0 and continues them across appends', async () => {
        const stream = streamName('plan-1');
        expect((await store.append(stream, [newEvent('A')], 'no_stream')).revision).toBe(0);
        expect((await store.append(stream, [newEvent('B'), newEvent('C')], 0)).revision).toBe(2);
        expect((await store.append(stream, [newEvent('D')], 'any')).revision).toBe(3);
        expect((await store.readStream(stream)).map((e) => [e.revision, e.type])).toEqual([
          [0, 'A'],
          [1, 'B'],
          [2, 'C'],
          [3, 'D'],
        ]);
      });

      it('reads a stream from a revision, and a missing stream as []', async () => {
        const stream = streamName('suite-1');
        await store.append(stream, [newEvent('A'), newEvent('B'), newEvent('C')], 'no_stream');
        expect((await store.readStream(stream, 1)).map((e) => e.type)).toEqual(['B', 'C']);
        expect(await store.readStream(stream, 3)).toEqual([]);
        expect(await store.readStream(streamName('missing'))).toEqual([]);
      });

      it('reads many streams at once as each alone, a missing one as [], and a stream named twice once', async () => {
        const names = Array.from({ length: 5 }, (_, n) => streamName(`many-${n}`));
        // Interleaved appends, so each stream's events lie apart in the log.
        for (let round = 0; round < 3; round++) {
          for (const [n, stream] of names.entries()) if (n <= round + 2) await store.append(stream, [newEvent(`E${round}`, { n })], 'any');
        }
        const missing = streamName('many-missing');
        const read = await store.readStreams([names[4]!, missing, ...names, names[0]!]);
        expect([...read.keys()]).toEqual([names[4], missing, names[0], names[1], names[2], names[3]]);
        for (const stream of [...names, missing]) expect(read.get(stream)).toEqual(await store.readStream(stream));
        expect(read.get(names[3]!)!.map((e) => [e.revision, e.type])).toEqual([
          [0, 'E1'],
          [1, 'E2'],
        ]);
        expect(await store.readStreams([])).toEqual(new Map());
      });

      it('rejects an append without events', async () => {
        await expect(store.append(streamName('empty'), [], 'any')).rejects.toThrow();
      });

      it('gives strictly increasing positions across streams', async () => {
        const results = [];
        for (let i = 0; i < 9; i++) {
          results.push(await store.append(streamName(`s${i % 3}`), [newEvent('E', { i })], 'any'));
        }
        const positions = results.map((r) => r.position);
        expect(positions[0]).toBeGreaterThan(head0);
        expectStrictlyIncreasing(positions);
        expect((await readOwnFromLog()).map((e) => e.position)).toEqual(positions);
      });
    });

    describe('expected revision', () => {
      it('no_stream succeeds on a new stream and fails on an existing one', async () => {
        const stream = streamName('project-1');
        await store.append(stream, [newEvent('A')], 'no_stream');
        const error = await rejectionOf(store.append(stream, [newEvent('B')], 'no_stream'));
        expectWrongRevision(error, stream, 'no_stream', 0);
      });

      it('an exact revision succeeds when it matches and fails with the actual one otherwise', async () => {
        const stream = streamName('test-1');
        const missing = await rejectionOf(store.append(stream, [newEvent('A')], 0));
        expectWrongRevision(missing, stream, 0, 'no_stream');

        await store.append(stream, [newEvent('A'), newEvent('B')], 'no_stream');
        expectWrongRevision(await rejectionOf(store.append(stream, [newEvent('C')], 0)), stream, 0, 1);
        expectWrongRevision(await rejectionOf(store.append(stream, [newEvent('C')], 5)), stream, 5, 1);
        expect((await store.append(stream, [newEvent('C')], 1)).revision).toBe(2);
        expect(await store.readStream(stream)).toHaveLength(3);
      });

      it('any appends whatever the stream state', async () => {
        const stream = streamName('user-1');
        expect((await store.append(stream, [newEvent('A')], 'any')).revision).toBe(0);
        expect((await store.append(stream, [newEvent('B')], 'any')).revision).toBe(1);
      });

      it('lets exactly one of two concurrent writers with the same expectation win', async () => {
        const stream = streamName('case-7');
        await store.append(stream, [newEvent('Created')], 'no_stream');
        const outcomes = await Promise.allSettled([
          store.append(stream, [newEvent('Edited', { by: 'first' })], 0),
          store.append(stream, [newEvent('Edited', { by: 'second' })], 0),
        ]);
        const winners = outcomes.filter((o) => o.status === 'fulfilled');
        const losers = outcomes.filter((o) => o.status === 'rejected');
        expect(winners).toHaveLength(1);
        expect(losers).toHaveLength(1);
        expectWrongRevision(losers[0]!.reason, stream, 0, 1);
        const events = await store.readStream(stream);
        expect(events).toHaveLength(2);
        expect(verifyChain(events)).toEqual({ ok: true });
      });

      it('lets exactly one of two concurrent creators win', async () => {
        const stream = streamName('case-8');
        const outcomes = await Promise.allSettled([
          store.append(stream, [newEvent('Created', { by: 'first' })], 'no_stream'),
          store.append(stream, [newEvent('Created', { by: 'second' })], 'no_stream'),
        ]);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('keeps every concurrent any-append, each at its own revision, chained', async () => {
        const stream = streamName('log-1');
        const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.append(stream, [newEvent('Logged', { i })], 'any')));
        expect(results.map((r) => r.revision).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        const events = await store.readStream(stream);
        expect(events).toHaveLength(10);
        expect(verifyChain(events)).toEqual({ ok: true });
      });
    });

    describe('appendMany', () => {
      it('appends to several streams at once, each at its own revisions, chained, in the global order', async () => {
        const [job, test] = [streamName('job-1'), streamName('test-1')];
        await store.append(test, [newEvent('Created')], 'no_stream');
        const results = await store.appendMany([
          { stream: test, events: [newEvent('Assigned', { to: 9 })], expected: 0 },
          { stream: job, events: [newEvent('ChunkApplied', { from: 0 }), newEvent('Noted')], expected: 'no_stream' },
        ]);
        expect(results.map((result) => result.revision)).toEqual([1, 1]);
        expect(await store.readStream(test)).toMatchObject([{ type: 'Created' }, { type: 'Assigned', data: { to: 9 }, revision: 1 }]);
        const own = await readOwnFromLog();
        expect(own.map((event) => event.type)).toEqual(['Created', 'Assigned', 'ChunkApplied', 'Noted']);
        expectStrictlyIncreasing(own.map((event) => event.position));
        expect(Math.max(...results.map((result) => result.position))).toBe(own.at(-1)!.position);
        expect(verifyChain(own)).toEqual({ ok: true });
      });

      it('stores nothing when one expectation is not met, and names that stream', async () => {
        const [marker, test] = [streamName('marker'), streamName('test-2')];
        await store.append(marker, [newEvent('ChunkApplied')], 'no_stream');
        const error = await rejectionOf(
          store.appendMany([
            { stream: test, events: [newEvent('ResultAdded')], expected: 'no_stream' },
            { stream: marker, events: [newEvent('ChunkApplied')], expected: 'no_stream' },
          ]),
        );
        expectWrongRevision(error, marker, 'no_stream', 0);
        expect(await store.readStream(test)).toEqual([]);
        expect(await store.readStream(marker)).toHaveLength(1);
      });

      it('lets exactly one of two concurrent appends that share a stream win, whole', async () => {
        const shared = streamName('shared');
        const outcomes = await Promise.allSettled(
          ['first', 'second'].map((by) =>
            store.appendMany([
              { stream: streamName(`own-${by}`), events: [newEvent('A', { by })], expected: 'no_stream' },
              { stream: shared, events: [newEvent('B', { by })], expected: 'no_stream' },
            ]),
          ),
        );
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const winner = ((await store.readStream(shared))[0]!.data as { by: string }).by;
        const loser = winner === 'first' ? 'second' : 'first';
        expect(await store.readStream(streamName(`own-${winner}`))).toHaveLength(1);
        expect(await store.readStream(streamName(`own-${loser}`))).toEqual([]);
      });

      it('refuses an append without streams, a stream without events and a stream given twice', async () => {
        const stream = streamName('twice');
        await expect(store.appendMany([])).rejects.toThrow(RangeError);
        await expect(store.appendMany([{ stream, events: [], expected: 'any' }])).rejects.toThrow(RangeError);
        const twice = { stream, events: [newEvent('A')], expected: 'any' as const };
        await expect(store.appendMany([twice, twice])).rejects.toThrow(RangeError);
        expect(await store.readStream(stream)).toEqual([]);
      });
    });

    describe('readAll', () => {
      it('returns the global order in pages strictly after the given position', async () => {
        const appended: number[] = [];
        for (let i = 0; i < 10; i++) {
          appended.push((await store.append(streamName(`p${i % 2}`), [newEvent('E', { i })], 'any')).position);
        }
        const seen: RecordedEvent[] = [];
        for (let after = head0; ; ) {
          const page = await store.readAll(after, 3);
          expect(page.length).toBeLessThanOrEqual(3);
          const last = page.at(-1);
          if (last === undefined) break;
          expect(page[0]!.position).toBeGreaterThan(after);
          expectStrictlyIncreasing(page.map((e) => e.position));
          seen.push(...page.filter(isOwn));
          after = last.position;
        }
        expect(seen.map((e) => e.position)).toEqual(appended);
        expect(seen.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      });

      it('reads the same page as text, data and metadata as the canonical JSON the hashes cover', async () => {
        await store.append(streamName('text'), [newEvent('E', { z: 1, a: { y: [1, 'two'], b: null } }), newEvent('E', { i: 2 })], 'any');
        const parsed = await store.readAll(head0, 1_000);
        const text = await store.readAllText(head0, 1_000);
        expect(text.map((event) => ({ ...event, data: JSON.parse(event.data), metadata: JSON.parse(event.metadata) }))).toEqual(parsed);
        const [first] = text.filter((event) => event.stream === streamName('text'));
        expect(first!.data).toBe(canonicalJson({ z: 1, a: { y: [1, 'two'], b: null } }));
        expect(eventHashOfCanonical(null, first!, first!.data, first!.metadata)).toBe(first!.hash);
      });

      it('reads the event right after a position, and nothing of ours after the head', async () => {
        const first = await store.append(streamName('a'), [newEvent('First')], 'no_stream');
        const second = await store.append(streamName('a'), [newEvent('Second')], 0);
        const [next] = await store.readAll(first.position, 1);
        // On a shared store another writer's event may come in between.
        expect(next!.position).toBeGreaterThan(first.position);
        expect(next!.position).toBeLessThanOrEqual(second.position);
        if (isOwn(next!)) expect(next!.position).toBe(second.position);

        const head = await store.headPosition();
        const afterHead = await store.readAll(head, 10);
        expect(afterHead.filter(isOwn)).toEqual([]);
        for (const event of afterHead) expect(event.position).toBeGreaterThan(head);
      });
    });

    describe('headPosition', () => {
      it('follows appends', async () => {
        const result = await store.append(streamName('h'), [newEvent('A')], 'no_stream');
        expect(result.position).toBeGreaterThan(head0);
        expect(await store.headPosition()).toBeGreaterThanOrEqual(result.position);
      });
    });

    describe('subscribe', () => {
      it('catches up, then delivers live events', async () => {
        const stream = streamName('sub');
        await store.append(stream, [newEvent('Before', { i: 0 }), newEvent('Before', { i: 1 })], 'no_stream');
        const received = collector(isOwn);
        const subscription = store.subscribe(head0, received.handler);
        try {
          await waitFor(() => received.events.length >= 2, 'catch-up events');
          await store.append(stream, [newEvent('After', { i: 2 })], 1);
          await store.append(stream, [newEvent('After', { i: 3 })], 2);
          await waitFor(() => received.events.length >= 4, 'live events');
        } finally {
          await subscription.close();
        }
        expect(received.events.map((e) => [e.revision, e.type])).toEqual([
          [0, 'Before'],
          [1, 'Before'],
          [2, 'After'],
          [3, 'After'],
        ]);
        expectStrictlyIncreasing(received.all.map((e) => e.position));
      });

      it('resumes after a checkpoint with no gap and no duplicate', async () => {
        const stream = streamName('resume');
        for (let i = 0; i < 6; i++) await store.append(stream, [newEvent('E', { i })], i === 0 ? 'no_stream' : i - 1);
        const written = await store.readStream(stream);
        const checkpoint = written[2]!.position;

        const received = collector(isOwn);
        const subscription = store.subscribe(checkpoint, received.handler);
        try {
          await waitFor(() => received.events.length >= 3, 'events after the checkpoint');
          await store.append(stream, [newEvent('E', { i: 6 }), newEvent('E', { i: 7 })], 5);
          await waitFor(() => received.events.length >= 5, 'live events after resuming');
          await sleep(50);
        } finally {
          await subscription.close();
        }
        expect(received.events.map((e) => (e.data as { i: number }).i)).toEqual([3, 4, 5, 6, 7]);
        expect(received.all[0]!.position).toBeGreaterThan(checkpoint);
        expectStrictlyIncreasing(received.all.map((e) => e.position));
      });

      it('delivers batches of at most batchSize', async () => {
        const stream = streamName('batches');
        await store.append(
          stream,
          Array.from({ length: 10 }, (_, i) => newEvent('E', { i })),
          'no_stream',
        );
        const received = collector(isOwn);
        const subscription = store.subscribe(head0, received.handler, { batchSize: 3 });
        try {
          await waitFor(() => received.events.length >= 10, 'all ten events');
        } finally {
          await subscription.close();
        }
        expect(received.batchSizes.length).toBeGreaterThan(0);
        for (const size of received.batchSizes) expect(size).toBeLessThanOrEqual(3);
        expect(received.events.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      });

      it('stops delivering once closed', async () => {
        const stream = streamName('closing');
        const received = collector(isOwn);
        const subscription = store.subscribe(head0, received.handler);
        await store.append(stream, [newEvent('A')], 'no_stream');
        await waitFor(() => received.events.length >= 1, 'the first event');
        await subscription.close();
        await store.append(stream, [newEvent('B'), newEvent('C')], 0);
        await sleep(150);
        expect(received.events.map((e) => e.type)).toEqual(['A']);
      });

      it('close() waits for the running handler', async () => {
        let handlerStarted = false;
        let handlerFinished = false;
        const subscription = store.subscribe(head0, async (events) => {
          if (!events.some(isOwn)) return;
          handlerStarted = true;
          await sleep(100);
          handlerFinished = true;
        });
        await store.append(streamName('slow'), [newEvent('A')], 'no_stream');
        await waitFor(() => handlerStarted, 'the handler to start');
        await subscription.close();
        expect(handlerFinished).toBe(true);
      });

      it('stops and logs when the handler throws', async () => {
        const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
        let calls = 0;
        const subscription = store.subscribe(head0, (events) => {
          if (!events.some(isOwn)) return;
          calls += 1;
          throw new Error('projection bug');
        });
        try {
          await store.append(streamName('boom'), [newEvent('A')], 'no_stream');
          await waitFor(() => errors.mock.calls.length > 0, 'the error to be logged');
          await store.append(streamName('boom'), [newEvent('B')], 0);
          await sleep(100);
          expect(calls).toBe(1);
        } finally {
          await subscription.close();
        }
      });
    });

    describe('hash chain', () => {
      it('verifies, and detects a modified, removed or reordered event', async () => {
        const stream = streamName('audit');
        await store.append(stream, [newEvent('A', { n: 1 }), newEvent('B', { n: 2 })], 'no_stream');
        await store.append(stream, [newEvent('C', { n: 3 })], 1);
        const events = await store.readStream(stream);
        expect(verifyChain(events)).toEqual({ ok: true });
        expect(events[0]!.hash).not.toBe(events[1]!.hash);

        const modified = structuredClone(events);
        (modified[1]!.data as { n: number }).n = 20;
        expect(verifyChain(modified)).toEqual({ ok: false, stream, revision: 1 });

        const withOtherActor = structuredClone(events);
        withOtherActor[2]!.metadata.actorId = 999;
        expect(verifyChain(withOtherActor)).toEqual({ ok: false, stream, revision: 2 });

        expect(verifyChain([events[0]!, events[2]!])).toEqual({ ok: false, stream, revision: 2 });
        expect(verifyChain([events[1]!, events[0]!])).toMatchObject({ ok: false });
      });

      it('verifies interleaved streams read from the global log', async () => {
        await Promise.all([
          store.append(streamName('x'), [newEvent('A'), newEvent('B')], 'no_stream'),
          store.append(streamName('y'), [newEvent('A')], 'no_stream'),
        ]);
        await store.append(streamName('x'), [newEvent('C')], 1);
        const own = await readOwnFromLog();
        expect(own).toHaveLength(4);
        expect(verifyChain(own)).toEqual({ ok: true });
      });
    });

    describe('concurrency', () => {
      it('lands every one of many concurrent appends to different streams', async () => {
        const count = 100;
        const results = await Promise.all(
          Array.from({ length: count }, (_, i) =>
            store.append(streamName(`many-${i}`), [newEvent('A', { i }), newEvent('B', { i })], 'no_stream'),
          ),
        );
        expect(results.every((r) => r.revision === 1)).toBe(true);
        expect(new Set(results.map((r) => r.position)).size).toBe(count);
        const own = await readOwnFromLog();
        expect(own).toHaveLength(2 * count);
        expectStrictlyIncreasing(own.map((e) => e.position));
        const streams = await Promise.all(results.map((_, i) => store.readStream(streamName(`many-${i}`))));
        for (const events of streams) expect(events.map((e) => e.type)).toEqual(['A', 'B']);
      });
    });
  });
}

let eventCounter = 0;

/** A NewEvent with complete, distinct audit metadata. */
export function newEvent(type: string, data: unknown = {}, schemaVersion = 1): NewEvent {
  eventCounter += 1;
  return {
    type,
    data,
    schemaVersion,
    metadata: {
      actorId: 7,
      time: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, eventCounter % 1000)).toISOString(),
      correlationId: `corr-${eventCounter}`,
      causationId: eventCounter % 2 === 0 ? `cause-${eventCounter}` : null,
      commandId: `cmd-${eventCounter}`,
    },
  };
}

/** Records what a subscription delivers: every event, the matching ones, and batch sizes. */
function collector(matches: (event: RecordedEvent) => boolean) {
  const received = {
    all: [] as RecordedEvent[],
    events: [] as RecordedEvent[],
    batchSizes: [] as number[],
    handler: (batch: RecordedEvent[]) => {
      received.batchSizes.push(batch.length);
      received.all.push(...batch);
      received.events.push(...batch.filter(matches));
    },
  };
  return received;
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

function expectWrongRevision(error: unknown, stream: string, expected: unknown, actual: unknown): void {
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  expect(error).toMatchObject({ stream, expected, actual });
}

function expectStrictlyIncreasing(values: number[]): void {
  for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]!);
}
