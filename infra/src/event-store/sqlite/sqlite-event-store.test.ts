import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WrongExpectedRevisionError, type FoldedEvent, type RecordedEvent } from '../../ports/event-store.ts';
import { eventStoreContract, newEvent } from '../contract.ts';
import { verifyChain } from '../verify.ts';
import { READ_AHEAD_LAG } from './log-subscription.ts';
import { INSERT_EVENT } from './schema.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';
import { SqliteReadStore } from '../../read-store/sqlite/sqlite-read-store.ts';
import { makeTempDir, removeTempDir, tempDirEach } from '../../testing/temp-dir.ts';

eventStoreContract('SQLite', async () => {
  const dir = await makeTempDir('es');
  const store = SqliteEventStore.open(join(dir, 'events.db'));
  return {
    store,
    async cleanup() {
      await store.close();
      await removeTempDir(dir);
    },
  };
});

describe('SqliteEventStore', () => {
  const dir = tempDirEach('es');
  let file: string;
  beforeEach(() => {
    file = join(dir(), 'events.db');
  });

  it('starts empty at position 0', async () => {
    const store = SqliteEventStore.open(file);
    expect(await store.headPosition()).toBe(0);
    expect(await store.readAll(0, 10)).toEqual([]);
    await store.close();
  });

  it('numbers positions from 1 without gaps', async () => {
    const store = SqliteEventStore.open(file);
    await store.append('a', [newEvent('A'), newEvent('B')], 'no_stream');
    await store.append('b', [newEvent('C')], 'no_stream');
    expect((await store.readAll(0, 10)).map((e) => e.position)).toEqual([1, 2, 3]);
    expect(await store.headPosition()).toBe(3);
    await store.close();
  });

  it('writes appends made in the same tick in one transaction', async () => {
    const store = SqliteEventStore.open(file);
    const appends = Array.from({ length: 200 }, (_, i) => store.append(`s-${i}`, [newEvent('A', { i })], 'no_stream'));
    const results = await Promise.all(appends);
    expect(store.stats.commits).toBeLessThanOrEqual(2);
    expect(store.stats.appends).toBe(200);
    expect(results.map((r) => r.position).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    await store.close();
  });

  it('rejects only the failing append of a group, in queue order within a stream', async () => {
    const store = SqliteEventStore.open(file);
    const outcomes = await Promise.allSettled([
      store.append('x', [newEvent('Created')], 'no_stream'),
      store.append('x', [newEvent('Edited')], 0), // sees the create queued before it
      store.append('x', [newEvent('Created again')], 'no_stream'), // fails: x exists by then
      store.append('y', [newEvent('Created')], 'no_stream'),
      store.append('x', [newEvent('Edited again')], 1),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const rejected = outcomes[2] as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(rejected.reason).toMatchObject({ stream: 'x', expected: 'no_stream', actual: 1 });
    expect(store.stats.commits).toBe(1);
    expect((await store.readStream('x')).map((e) => e.type)).toEqual(['Created', 'Edited', 'Edited again']);
    await store.close();
  });

  it('rejects events that are not JSON without touching the group', async () => {
    const store = SqliteEventStore.open(file);
    const outcomes = await Promise.allSettled([
      store.append('ok', [newEvent('A')], 'no_stream'),
      store.append('bad', [newEvent('A', { big: 1n })], 'no_stream'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect(await store.readStream('bad')).toEqual([]);
    await store.close();
  });

  it('rejects a whole group whose commit fails, then carries on from what the file holds', async () => {
    const store = SqliteEventStore.open(file);
    await store.append('a', [newEvent('A')], 'no_stream');
    // Another writer takes position 2 behind the store's back: the store's next commit collides with it.
    const intruder = new Database(file);
    intruder.prepare(INSERT_EVENT).run([2, 'intruder', 0, 'X', 1, '{}', '{}', 'hash']);
    intruder.close();
    const outcomes = await Promise.allSettled([
      store.append('b', [newEvent('B')], 'no_stream'),
      store.append('c', [newEvent('C')], 'no_stream'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect((outcomes[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
    expect(await store.readStream('b')).toEqual([]);
    expect(await store.append('b', [newEvent('B')], 'no_stream')).toEqual({ revision: 0, position: 3 });
    await store.close();
  });

  it('reads what it just committed from memory exactly as the file holds it', async () => {
    const store = SqliteEventStore.open(file);
    for (let group = 0; group < 40; group++) {
      await Promise.all(
        Array.from({ length: 1 + (group % 5) }, (_, i) =>
          store.append(`s-${(group + i) % 6}`, [newEvent('E', { group, i, text: 'Тест ✓' })], 'any'),
        ),
      );
    }
    const head = await store.headPosition();
    const fromMemory = await Promise.all(Array.from({ length: head + 1 }, (_, after) => store.readAll(after, 7)));
    const streams = await Promise.all(Array.from({ length: 6 }, (_, s) => store.readStream(`s-${s}`, 3)));
    await store.close();
    const reopened = SqliteEventStore.open(file); // Holds nothing recent: reads the file.
    expect(fromMemory).toEqual(await Promise.all(Array.from({ length: head + 1 }, (_, after) => reopened.readAll(after, 7))));
    expect(streams).toEqual(await Promise.all(Array.from({ length: 6 }, (_, s) => reopened.readStream(`s-${s}`, 3))));
    expect(await reopened.readStream('s-0', 1_000)).toEqual([]);
    await reopened.close();
  });

  it('keeps everything across a reopen and continues revisions, positions and the chain', async () => {
    const first = SqliteEventStore.open(file);
    await first.append('case-1', [newEvent('A'), newEvent('B')], 'no_stream');
    await first.close();

    const second = SqliteEventStore.open(file);
    expect(await second.headPosition()).toBe(2);
    await expect(second.append('case-1', [newEvent('C')], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await second.append('case-1', [newEvent('C')], 1)).toEqual({ revision: 2, position: 3 });
    expect(verifyChain(await second.readStream('case-1'))).toEqual({ ok: true });
    await second.close();
  });

  it('takes a stream’s head from reading it whole after a reopen, and chains and checks appends on it', async () => {
    const first = SqliteEventStore.open(file);
    await first.append('case-1', [newEvent('A'), newEvent('B')], 'no_stream');
    await first.close();

    const second = SqliteEventStore.open(file);
    // Read whole before anything else asked for its head: the read is where the head comes from.
    expect((await second.readStream('case-1')).map((event) => event.type)).toEqual(['A', 'B']);
    expect(await second.readStream('case-2')).toEqual([]);
    await expect(second.append('case-1', [newEvent('C')], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(second.append('case-2', [newEvent('X')], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await second.append('case-1', [newEvent('C')], 1)).toEqual({ revision: 2, position: 3 });
    expect(await second.append('case-2', [newEvent('X')], 'no_stream')).toEqual({ revision: 0, position: 4 });
    expect(verifyChain(await second.readStream('case-1'))).toEqual({ ok: true });
    expect(await second.readStream('case-1', 3)).toEqual([]);
    await second.close();
  });

  it('takes a stream’s head from a read of its end after a reopen (a load from a snapshot), and checks appends on it', async () => {
    const first = SqliteEventStore.open(file);
    await first.append('test-1', [newEvent('A'), newEvent('B'), newEvent('C'), newEvent('D')], 'no_stream');
    await first.close();

    const second = SqliteEventStore.open(file);
    expect((await second.readStream('test-1', 2)).map((event) => event.type)).toEqual(['C', 'D']);
    await expect(second.append('test-1', [newEvent('E')], 2)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await second.append('test-1', [newEvent('E')], 3)).toEqual({ revision: 4, position: 5 });
    // A read past the end tells nothing of the head: the next append still checks against the file.
    expect(await second.readStream('test-2', 1)).toEqual([]);
    await expect(second.append('test-2', [newEvent('X')], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(verifyChain(await second.readStream('test-1'))).toEqual({ ok: true });
    await second.close();
  });

  it('answers the first read of a stream noted as new without asking the file, and appends to it as to any new stream', async () => {
    const store = SqliteEventStore.open(file);
    await store.append('case-1', [newEvent('A')], 'no_stream');
    store.noteNewStream('case-1'); // Its head is known: the note changes nothing.
    expect((await store.readStream('case-1')).map((event) => event.type)).toEqual(['A']);
    // A row only a query could see, written behind the store's back (nothing does so: this process is the only writer).
    const intruder = new Database(file);
    intruder.prepare(INSERT_EVENT).run([1000, 'case-2', 0, 'X', 1, '{}', '{}', 'hash']);
    intruder.close();
    store.noteNewStream('case-2');
    expect(await store.readStream('case-2')).toEqual([]);
    expect((await store.readStream('case-3')).length).toBe(0);
    store.noteNewStream('case-3');
    expect(await store.append('case-3', [newEvent('B')], 'no_stream')).toMatchObject({ revision: 0 });
    expect((await store.readStream('case-3')).map((event) => event.type)).toEqual(['B']);
    await store.close();
  });

  it('delivers a live event to a subscriber promptly', async () => {
    const store = SqliteEventStore.open(file);
    const latencies: number[] = [];
    let appendedAt = 0;
    const subscription = store.subscribe(0, () => {
      latencies.push(performance.now() - appendedAt);
    });
    for (let i = 0; i < 20; i++) {
      appendedAt = performance.now();
      const seen = latencies.length;
      await store.append('live', [newEvent('E')], 'any');
      while (latencies.length === seen) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await subscription.close();
    await store.close();
    latencies.sort((a, b) => a - b);
    expect(latencies[10]).toBeLessThan(20);
  });

  /** A log far enough ahead of position 0 that a subscription from there reads ahead on a thread. */
  async function storeFarAhead(): Promise<{ store: SqliteEventStore; behind: number }> {
    const store = SqliteEventStore.open(file);
    const behind = READ_AHEAD_LAG + 5_000;
    // Text that only survives the thread's UTF-8 pages if every byte does: Cyrillic, emoji, quotes, escapes.
    const batch = Array.from({ length: 100 }, (_, i) => newEvent('E', { payload: `Тест ✓ 🚀 "${i}" \\ \n ${'x'.repeat(i)}` }));
    for (let i = 0; i < behind / 100; i++) await store.append(`s-${i % 7}`, batch, 'any');
    return { store, behind };
  }

  it('catches up a long way behind on a read-ahead thread, exactly once, in order and intact, then goes live', async () => {
    const { store, behind } = await storeFarAhead();
    const delivered: RecordedEvent[] = [];
    const subscription = store.subscribe(123, (events) => void delivered.push(...events), { batchSize: 500 });
    while (delivered.length < behind - 123) await new Promise((resolve) => setTimeout(resolve, 5));
    await store.append('after', [newEvent('Live')], 'no_stream');
    while (delivered.length < behind - 123 + 1) await new Promise((resolve) => setTimeout(resolve, 5));
    await subscription.close();
    expect(delivered.map((event) => event.position)).toEqual(Array.from({ length: behind - 122 }, (_, i) => 124 + i));
    expect(delivered).toEqual(await store.readAll(123, behind));
    await store.close();
  });

  it('delivers a batch again while its read store is busy, so a catch-up on the read-ahead thread folds every event once', async () => {
    const { store, behind } = await storeFarAhead();
    const foldedFile = join(dir(), 'folded.sqlite');
    // Busy at once rather than after a wait: the other connection holds the file for longer than this fold waits.
    const folded = new SqliteReadStore({ file: foldedFile, busyTimeoutMs: 0, checkpoints: false });
    const holder = new Database(foldedFile);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let batches = 0;
    const subscription = store.subscribe(
      0,
      async (events) => {
        batches += 1;
        if (batches === 3) {
          holder.exec('BEGIN IMMEDIATE');
          setTimeout(() => holder.exec('COMMIT'), 700);
        }
        // A position folded twice breaks the key: not a busy store, so the subscription would stop.
        const operations = events.map((event) => ({ insertOne: { document: { _id: event.position } } }));
        await folded.writeAll([{ collection: 'seen', operations }]);
      },
      { batchSize: 500 },
    );
    const seen = () => folded.collection('seen').count({});
    try {
      while ((await seen()) < behind) await new Promise((resolve) => setTimeout(resolve, 5));
      await store.append('after', [newEvent('Live')], 'no_stream');
      while ((await seen()) < behind + 1) await new Promise((resolve) => setTimeout(resolve, 5));
      const positions = (await folded.collection('seen').find({}, { sort: { _id: 1 } })).map((document) => document._id);
      expect(positions).toEqual(Array.from({ length: behind + 1 }, (_, i) => i + 1));
      // Busy for 700 ms: told again after 500 ms, then after waits that double while it stays busy.
      const waits = warnings.mock.calls.map(([message]) => Number(String(message).match(/again in (\d+) ms/)?.[1]));
      expect(waits.length).toBeGreaterThan(0);
      expect(waits).toEqual(waits.map((_, i) => 500 * 2 ** i));
    } finally {
      warnings.mockRestore();
      await subscription.close();
      holder.close();
      await folded.close();
      await store.close();
    }
  });

  it('leaves out what only evidence needs from a fold-only catch-up, and nothing else', async () => {
    const { store, behind } = await storeFarAhead();
    const delivered: FoldedEvent[] = [];
    const subscription = store.subscribe(0, (events: FoldedEvent[]) => void delivered.push(...events), { batchSize: 500, foldOnly: true });
    while (delivered.length < behind) await new Promise((resolve) => setTimeout(resolve, 5));
    await subscription.close();
    const folded = (await store.readAll(0, behind)).map(
      ({ hash: _hash, metadata: { actorId, time }, ...event }): FoldedEvent => ({ ...event, metadata: { actorId, time } }),
    );
    expect(delivered).toEqual(folded);
    await store.close();
  });

  it('loses no acknowledged append when the writer is killed with SIGKILL', async () => {
    const acknowledged = await runChildAndKill(file, 300);
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);

    const store = SqliteEventStore.open(file);
    const all = await readEverything(store);
    const byPosition = new Map(all.map((e) => [e.position, e]));
    for (const ack of acknowledged) {
      const event = byPosition.get(ack.position);
      expect(event, `acknowledged position ${ack.position}`).toBeDefined();
      expect([event!.stream, event!.revision]).toEqual([ack.stream, ack.revision]);
    }
    expect(verifyChain(all)).toEqual({ ok: true });
    const lastRevision = Math.max(...all.filter((e) => e.stream === 'durability-0').map((e) => e.revision));
    expect((await store.append('durability-0', [newEvent('After restart')], lastRevision)).revision).toBe(lastRevision + 1);
    await store.close();
  });
});

interface Ack {
  stream: string;
  revision: number;
  position: number;
}

const CHILD_SCRIPT = fileURLToPath(new URL('./testing/append-child.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Starts the appending child, kills it with SIGKILL after `acksBeforeKill` acknowledgements. */
function runChildAndKill(file: string, acksBeforeKill: number): Promise<Ack[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD_SCRIPT, file], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acks: Ack[] = [];
    let pending = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const [stream, revision, position] = line.split(' ');
        acks.push({ stream: stream!, revision: Number(revision), position: Number(position) });
      }
      if (acks.length >= acksBeforeKill && child.exitCode === null) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(acks);
      else reject(new Error(`child exited on its own (${String(_code)}): ${stderr}`));
    });
  });
}

async function readEverything(store: SqliteEventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let after = 0; ; ) {
    const page = await store.readAll(after, 1000);
    const last = page.at(-1);
    if (last === undefined) return events;
    events.push(...page);
    after = last.position;
  }
}
