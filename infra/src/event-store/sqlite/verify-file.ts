import Database from 'better-sqlite3';
import { availableParallelism } from 'node:os';
import { startTsWorker } from '../../threads/ts-worker.ts';
import { EVENT_COLUMNS, type EventRow } from './schema.ts';
import type { LogVerification } from '../../ports/event-store.ts';
import { ChainVerifier } from '../verify.ts';

const PAGE = 5_000;
/** Below this many events a second thread costs more than it saves. */
const EVENTS_PER_THREAD = 50_000;

/** Events of the log after `after`, up to `until`, in positions; `streams`: only these (a project's). */
export interface LogRange {
  after: number;
  until: number;
  streams?: readonly string[];
}

/**
 * Re-hashes the events of one range of a SQLite event log file, read-only and
 * without a server: the stored data and metadata are the canonical JSON the
 * hashes were made of, so each event costs one sha256 and no parsing. A stream
 * that began before the range continues from its last event at or before
 * `after`, which the range before checks: so each range reports the break a
 * check from the start would report there, unless an earlier range breaks first.
 */
export function verifySqliteRange(file: string, range: LogRange): LogVerification {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const lastBefore = db.prepare('SELECT revision, hash FROM events WHERE stream = ? AND position <= ? ORDER BY revision DESC LIMIT 1').raw();
    const verifier = new ChainVerifier((stream) => {
      const row = lastBefore.get(stream, range.after) as [number, string] | undefined;
      return row && { revision: row[0], hash: row[1] };
    });
    const only = range.streams && new Set(range.streams);
    let head = range.after;
    // Pages read whole are cheaper per row than a row-by-row iterator.
    const page = db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? AND position <= ? ORDER BY position LIMIT ${PAGE}`).raw();
    for (let rows = page.all(head, range.until) as EventRow[]; rows.length > 0; rows = page.all(head, range.until) as EventRow[]) {
      for (const [position, stream, revision, type, schemaVersion, data, metadata, hash] of rows) {
        head = position;
        if (only && !only.has(stream)) continue;
        const broken = verifier.check({ position, stream, revision, type, schemaVersion, data, metadata, hash });
        if (broken) return { ok: false, eventsChecked: verifier.eventsChecked, streamsChecked: verifier.streamsChecked, head, firstBreak: broken };
      }
    }
    return { ok: true, eventsChecked: verifier.eventsChecked, streamsChecked: verifier.streamsChecked, head, firstBreak: null };
  } finally {
    db.close();
  }
}

export interface VerifyFileOptions {
  /** Only these streams (a project's); every stream when absent. */
  streams?: ReadonlySet<string>;
  /** Threads (one range each); by default one per core, for every 50,000 events at least. */
  threads?: number;
  signal?: AbortSignal;
}

/**
 * Re-hashes every stream of a SQLite event log file: the log as it stands now,
 * cut into ranges of positions, each checked on a thread of its own (the file
 * is read-only to them, so a running server goes on writing). The first break
 * in the log's order is the first of the first range that has one.
 */
export async function verifySqliteLog(file: string, options: VerifyFileOptions = {}): Promise<LogVerification> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const head = (() => {
    try {
      return (db.prepare('SELECT max(position) FROM events').pluck().get() as number | null) ?? 0;
    } finally {
      db.close();
    }
  })();
  const threads = Math.max(1, Math.min(options.threads ?? Math.min(availableParallelism(), Math.ceil(head / EVENTS_PER_THREAD)), head));
  const streams = options.streams && [...options.streams];
  const ranges: LogRange[] = Array.from({ length: threads }, (_, index) => ({
    after: Math.floor((head * index) / threads),
    until: Math.floor((head * (index + 1)) / threads),
    ...(streams && { streams }),
  }));
  return combine(await Promise.all(ranges.map((range) => verifyOnThread(file, range, options.signal))));
}

/** The ranges' verifications, in the log's order, as one from the start would have gone. */
function combine(verifications: readonly LogVerification[]): LogVerification {
  let eventsChecked = 0;
  let streamsChecked = 0;
  for (const verification of verifications) {
    eventsChecked += verification.eventsChecked;
    streamsChecked += verification.streamsChecked;
    if (!verification.ok) return { ...verification, eventsChecked, streamsChecked };
  }
  return { ok: true, eventsChecked, streamsChecked, head: verifications.at(-1)?.head ?? 0, firstBreak: null };
}

function verifyOnThread(file: string, range: LogRange, signal: AbortSignal | undefined): Promise<LogVerification> {
  signal?.throwIfAborted();
  const worker = startTsWorker(new URL('./verify-range.worker.ts', import.meta.url), { file, range });
  const stop = () => void worker.terminate();
  signal?.addEventListener('abort', stop, { once: true });
  return new Promise<LogVerification>((resolve, reject) => {
    worker.once('message', (verification: LogVerification) => resolve(verification));
    worker.once('error', reject);
    worker.once('exit', () => reject(signal?.aborted ? signal.reason : new Error('the verifying thread exited without an answer')));
  }).finally(() => {
    signal?.removeEventListener('abort', stop);
    void worker.terminate();
  });
}
