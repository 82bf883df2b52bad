import Database from 'better-sqlite3';
import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChainBreak, EventStore, NewEvent } from '../../ports/event-store.ts';
import { tempDirMakerAll } from '../../testing/temp-dir.ts';
import { ChainVerifier, verifyThroughPort } from '../verify.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';
import { verifySqliteLog, verifySqliteStreams } from './verify-file.ts';

const STREAMS = 12;
const newLogDir = tempDirMakerAll('verify-ranges');

const event = (n: number): NewEvent => ({
  type: 'CaseChanged',
  schemaVersion: 1,
  data: { n, text: `change ${n}` },
  metadata: { actorId: 1, time: '2026-11-27T10:00:00.000Z', correlationId: `c${n}`, causationId: null, commandId: `k${n}` },
});

/** One append to the log: the stream (of STREAMS) and how many events it adds at once. */
interface Append {
  stream: number;
  count: number;
}

/** Up to 600 events in STREAMS streams, interleaved at random, some appends of several events. */
const appendsArbitrary: fc.Arbitrary<Append[]> = fc.array(
  fc.record({ stream: fc.nat({ max: STREAMS - 1 }), count: fc.integer({ min: 1, max: 3 }) }),
  { minLength: 1, maxLength: 200, size: 'max' },
);

/** A log of a few hundred events, the same on every run: for the tests that need a log, not a random one. */
const someAppends = () => fc.sample(appendsArbitrary, { seed: 11, numRuns: 1 })[0]!;

/** The log the appends make, and how many events it holds. */
async function logOf(appends: readonly Append[]): Promise<{ file: string; events: number }> {
  const dir = await newLogDir();
  const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  // Appended together, they commit in a few groups, in this order.
  const appended: Array<Promise<unknown>> = [];
  let n = 0;
  for (const { stream, count } of appends) {
    const first = n;
    appended.push(
      store.append(
        `case-${stream}`,
        Array.from({ length: count }, (_, i) => event(first + i)),
        'any',
      ),
    );
    n += count;
  }
  await Promise.all(appended);
  await store.close();
  return { file: join(dir, 'events.sqlite'), events: n };
}

/** The whole log read in order, only `streams` checked: what verifying those streams alone must agree with. */
async function logOrderPass(store: EventStore, streams: ReadonlySet<string>): Promise<{ ok: boolean; firstBreak: ChainBreak | null }> {
  const verifier = new ChainVerifier();
  for (let after = 0; ; ) {
    const page = await store.readAllText(after, 64);
    if (page.length === 0) return { ok: true, firstBreak: null };
    for (const event of page) {
      const broken = streams.has(event.stream) ? verifier.check(event) : null;
      if (broken) return { ok: false, firstBreak: broken };
    }
    after = page[page.length - 1]!.position;
  }
}

/** What an auditor with write access to the file might do to one event. */
const tamperings = {
  untouched: () => undefined,
  'data changed': (db: Database.Database, position: number) =>
    db.prepare('UPDATE events SET data = ? WHERE position = ?').run('{"forged":true}', position),
  'hash changed': (db: Database.Database, position: number) =>
    db.prepare('UPDATE events SET hash = ? WHERE position = ?').run('0'.repeat(64), position),
  deleted: (db: Database.Database, position: number) => db.prepare('DELETE FROM events WHERE position = ?').run(position),
  'revision moved': (db: Database.Database, position: number) =>
    db.prepare('UPDATE events SET revision = revision + 1000 WHERE position = ?').run(position),
  'stream renamed': (db: Database.Database, position: number) =>
    db.prepare("UPDATE events SET stream = 'case-elsewhere' WHERE position = ?").run(position),
};

describe('verifying a SQLite log file on a thread of its own', () => {
  it.each(Object.keys(tamperings))(
    'reports what reading the log through the port reports: %s, at random places, whole log and a project’s streams',
    { timeout: 30_000 },
    async (name) => {
      await fc.assert(
        fc.asyncProperty(appendsArbitrary, fc.nat(), async (appends, place) => {
          const { file, events } = await logOf(appends);
          const position = 1 + (place % events);
          const db = new Database(file);
          const newest = db.prepare('SELECT MAX(position) AS position FROM events GROUP BY stream').pluck().all();
          tamperings[name as keyof typeof tamperings](db, position);
          db.close();
          // A stream's newest event deleted leaves its chain whole, one event shorter: no link of it breaks.
          const breaksAChain = name !== 'untouched' && !(name === 'deleted' && newest.includes(position));
          const some = new Set(Array.from({ length: STREAMS / 2 }, (_, i) => `case-${i * 2}`));
          for (const streams of [undefined, some]) {
            const options = streams && { streams };
            const store = SqliteEventStore.open(file);
            const throughPort = await verifyThroughPort(store, options);
            if (streams) {
              expect({ ok: throughPort.ok, firstBreak: throughPort.firstBreak }).toEqual(await logOrderPass(store, streams));
              // What the server does for a project: the first streams on its own thread, the rest (past 50 events here) on another.
              const readOnly = new Database(file, { readonly: true });
              expect(await verifySqliteStreams(readOnly, streams, undefined, 50)).toEqual(throughPort);
              expect(await verifySqliteStreams(readOnly, streams)).toEqual(throughPort);
              readOnly.close();
            }
            await store.close();
            if (name === 'untouched') expect(throughPort).toMatchObject({ ok: true, eventsChecked: streams ? expect.any(Number) : events });
            else if (!streams && breaksAChain) expect(throughPort.ok).toBe(false);
            expect(await verifySqliteLog(file, options)).toEqual(throughPort);
          }
        }),
        // Each run starts two threads (a second or more each on a loaded machine): two runs keep a test near 5 s.
        { numRuns: 2, interruptAfterTimeLimit: 20_000 },
      );
    },
  );

  it('reads only the streams asked for through the port, never the whole log', async () => {
    const { file } = await logOf(someAppends());
    const store = SqliteEventStore.open(file);
    const pagesRead: number[] = [];
    const counting = new Proxy(store, {
      get: (target, property) =>
        property === 'readAllText'
          ? (after: number, limit: number) => {
              pagesRead.push(after);
              return target.readAllText(after, limit);
            }
          : Reflect.get(target, property, target),
    });
    const verification = await verifyThroughPort(counting, { streams: new Set(['case-1', 'case-2', 'no-such-stream']) });
    const expected = (await store.readStream('case-1')).length + (await store.readStream('case-2')).length;
    await store.close();
    expect(verification).toMatchObject({ ok: true, eventsChecked: expected, streamsChecked: 2 });
    expect(pagesRead).toEqual([]);
  });

  it('stops its thread when the caller gives up (a download cancelled)', async () => {
    const { file } = await logOf(someAppends());
    const giveUp = new AbortController();
    const verification = verifySqliteLog(file, { signal: giveUp.signal });
    giveUp.abort(new Error('the client went away'));
    await expect(verification).rejects.toThrow('the client went away');
  });
});
