import Database from 'better-sqlite3';
import type { LogVerification, VerifyScope } from '../../ports/event-store.ts';
import { timeSlices } from '../../event-loop/time-slices.ts';
import { startTsWorker } from '../../threads/ts-worker.ts';
import { ChainVerifier, StreamsVerifier, bothVerifications } from '../verify.ts';
import { EVENT_COLUMNS, type EventRow } from './schema.ts';

const PAGE = 5_000;
/** Streams named in one query when only some are verified. */
const STREAMS_PER_QUERY = 1_000;
/**
 * Events a project's verification checks on the calling thread before it hands the rest to a
 * thread of its own: a small project answers in milliseconds, where starting that thread (tsx
 * registered in it) takes about a second; a large one still leaves the main thread free.
 */
const IN_THREAD_EVENTS = 20_000;
/** Streams read in one query on the calling thread, between turns of its event loop. */
const STREAMS_PER_SLICE = 50;
/** The streams asked for: the one parameter, a JSON array. */
const ASKED_STREAMS = 'SELECT value FROM json_each(?)';
/** Each stream's events in log order, the streams one after another (through the (stream, revision) index). */
const STREAMS_BY_POSITION = `SELECT ${EVENT_COLUMNS} FROM events WHERE stream IN (${ASKED_STREAMS}) ORDER BY stream, position`;

/**
 * Re-hashes every stream of a SQLite event log file, read-only and without a
 * server: the stored data and metadata are the canonical JSON the hashes were
 * made of, so each event costs one sha256 and no parsing. With `streams`, only
 * theirs are read (through the stream index), so a project costs its own events.
 */
export function verifySqliteFile(file: string, streams?: ReadonlySet<string>): LogVerification {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return streams ? verifyStreams(db, [...streams]) : verifyWholeLog(db);
  } finally {
    db.close();
  }
}

function verifyStreams(db: Database.Database, streams: readonly string[]): LogVerification {
  const verifier = new StreamsVerifier();
  const read = db.prepare(STREAMS_BY_POSITION).raw();
  for (let from = 0; from < streams.length; from += STREAMS_PER_QUERY)
    checkStreams(read, verifier, streams.slice(from, from + STREAMS_PER_QUERY));
  return verifier.result();
}

function checkStreams(read: Database.Statement, verifier: StreamsVerifier, streams: readonly string[]): void {
  const rows = read.all(JSON.stringify(streams)) as EventRow[];
  for (let start = 0; start < rows.length; ) {
    let end = start;
    while (end < rows.length && rows[end]![1] === rows[start]![1]) end++;
    verifier.check(
      rows.slice(start, end).map(([position, stream, revision, type, schemaVersion, data, metadata, hash]) => ({
        position,
        stream,
        revision,
        type,
        schemaVersion,
        data,
        metadata,
        hash,
      })),
    );
    start = end;
  }
}

/**
 * Some streams of the log `db` reads (a project's): the first IN_THREAD_EVENTS or so on the
 * calling thread, in slices between requests, and whatever is left on a thread of its own.
 */
export async function verifySqliteStreams(
  db: Database.Database,
  streams: ReadonlySet<string>,
  signal?: AbortSignal,
  inThreadEvents = IN_THREAD_EVENTS,
): Promise<LogVerification> {
  const names = [...streams];
  const verifier = new StreamsVerifier();
  const read = db.prepare(STREAMS_BY_POSITION).raw();
  const turn = timeSlices();
  let from = 0;
  while (from < names.length && verifier.eventsChecked < inThreadEvents) {
    signal?.throwIfAborted();
    checkStreams(read, verifier, names.slice(from, from + STREAMS_PER_SLICE));
    from += STREAMS_PER_SLICE;
    await turn();
  }
  if (from >= names.length) return verifier.result();
  return bothVerifications(
    verifier.result(),
    await verifySqliteLog(db.name, { streams: new Set(names.slice(from)), ...(signal && { signal }) }),
  );
}

function verifyWholeLog(db: Database.Database): LogVerification {
  const verifier = new ChainVerifier();
  let head = 0;
  // Pages read whole are cheaper per row than a row-by-row iterator.
  const page = db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ${PAGE}`).raw();
  for (let rows = page.all(head) as EventRow[]; rows.length > 0; rows = page.all(head) as EventRow[]) {
    for (const [position, stream, revision, type, schemaVersion, data, metadata, hash] of rows) {
      head = position;
      const broken = verifier.check({ position, stream, revision, type, schemaVersion, data, metadata, hash });
      if (broken)
        return { ok: false, eventsChecked: verifier.eventsChecked, streamsChecked: verifier.streamsChecked, head, firstBreak: broken };
    }
  }
  return { ok: true, eventsChecked: verifier.eventsChecked, streamsChecked: verifier.streamsChecked, head, firstBreak: null };
}

/**
 * `verifySqliteFile` on a thread of its own (verify-file.worker.ts), so the
 * caller's event loop stays free: a running server goes on serving, and writing,
 * while its log is checked. Aborting stops the thread.
 */
export function verifySqliteLog(file: string, options: VerifyScope = {}): Promise<LogVerification> {
  const { streams, signal } = options;
  signal?.throwIfAborted();
  const worker = startTsWorker(new URL('./verify-file.worker.ts', import.meta.url), { file, streams: streams && [...streams] });
  const stop = () => void worker.terminate();
  signal?.addEventListener('abort', stop, { once: true });
  return new Promise<LogVerification>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', () => reject(signal?.aborted ? signal.reason : new Error('the verifying thread stopped before it answered')));
  }).finally(() => {
    signal?.removeEventListener('abort', stop);
    stop();
  });
}
