import Database from 'better-sqlite3';
import type { LogVerification, VerifyScope } from '../../ports/event-store.ts';
import { startTsWorker } from '../../threads/ts-worker.ts';
import { ChainVerifier } from '../verify.ts';
import { EVENT_COLUMNS, type EventRow } from './schema.ts';

const PAGE = 5_000;

/**
 * Re-hashes every stream of a SQLite event log file (only `streams`, when
 * given), read-only and without a server: the stored data and metadata are the
 * canonical JSON the hashes were made of, so each event costs one sha256 and no parsing.
 */
export function verifySqliteFile(file: string, streams?: ReadonlySet<string>): LogVerification {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const verifier = new ChainVerifier();
    let head = 0;
    // Pages read whole are cheaper per row than a row-by-row iterator.
    const page = db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ${PAGE}`).raw();
    for (let rows = page.all(head) as EventRow[]; rows.length > 0; rows = page.all(head) as EventRow[]) {
      for (const [position, stream, revision, type, schemaVersion, data, metadata, hash] of rows) {
        head = position;
        if (streams && !streams.has(stream)) continue;
        const broken = verifier.check({ position, stream, revision, type, schemaVersion, data, metadata, hash });
        if (broken) return { ok: false, eventsChecked: verifier.eventsChecked, streamsChecked: verifier.streamsChecked, head, firstBreak: broken };
      }
    }
    return { ok: true, eventsChecked: verifier.eventsChecked, streamsChecked: verifier.streamsChecked, head, firstBreak: null };
  } finally {
    db.close();
  }
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
