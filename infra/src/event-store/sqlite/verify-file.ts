import Database from 'better-sqlite3';
import { EVENT_COLUMNS, type EventRow } from './schema.ts';
import { ChainVerifier, type LogVerification } from '../verify.ts';

const PAGE = 5_000;

/**
 * Re-hashes every stream of a SQLite event log file, read-only and without a
 * server: the stored data and metadata are the canonical JSON the hashes were
 * made of, so each event costs one sha256 and no parsing.
 */
export function verifySqliteLog(file: string): LogVerification {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const verifier = new ChainVerifier();
    let head = 0;
    // Pages read whole are cheaper per row than a row-by-row iterator.
    const page = db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ${PAGE}`).raw();
    for (let rows = page.all(head) as EventRow[]; rows.length > 0; rows = page.all(head) as EventRow[]) {
      for (const [position, stream, revision, type, schemaVersion, data, metadata, hash] of rows) {
        head = position;
        const broken = verifier.check({ position, stream, revision, type, schemaVersion, data, metadata, hash });
        if (broken) return { ok: false, eventsChecked: verifier.eventsChecked, streamsChecked: verifier.streamsChecked, head, firstBreak: broken };
      }
    }
    return { ok: true, eventsChecked: verifier.eventsChecked, streamsChecked: verifier.streamsChecked, head, firstBreak: null };
  } finally {
    db.close();
  }
}
