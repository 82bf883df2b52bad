/**
 * AggregateSnapshots in a SQLite file of their own beside the log (`aggregate-snapshots.sqlite`): one row per
 * stream. The file is a cache: deleting it loses nothing but the time of the next loads. Several processes may
 * share it (WAL, a busy timeout); a snapshot never changes the log.
 */
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import type { AggregateSnapshot, AggregateSnapshots } from '../ports/aggregate-snapshots.ts';

type Row = [revision: number, hash: string, state: string];

export class SqliteAggregateSnapshots implements AggregateSnapshots {
  private readonly select: Database.Statement;
  private readonly upsert: Database.Statement;
  private readonly delete: Database.Statement;
  private readonly putAll: (snapshots: readonly AggregateSnapshot[]) => void;

  /** A file that does not open as this store (not a database, damaged) is started again empty: it is a cache. */
  static open(file: string): SqliteAggregateSnapshots {
    try {
      return SqliteAggregateSnapshots.openFile(file);
    } catch (error) {
      console.warn(`${file} was started again empty, it did not open: ${(error as Error).message}`);
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
      return SqliteAggregateSnapshots.openFile(file);
    }
  }

  private static openFile(file: string): SqliteAggregateSnapshots {
    const db = new Database(file);
    try {
      db.pragma('journal_mode = WAL');
      // A snapshot lost to a power cut is folded again from the log.
      db.pragma('synchronous = NORMAL');
      // A write that waits long for another process's is better dropped: the commands share its thread.
      db.pragma('busy_timeout = 200');
      db.exec(`
        CREATE TABLE IF NOT EXISTS snapshots (
          stream   TEXT PRIMARY KEY,
          version  TEXT NOT NULL,
          revision INTEGER NOT NULL,
          hash     TEXT NOT NULL,
          state    TEXT NOT NULL
        )
      `);
      return new SqliteAggregateSnapshots(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  private constructor(private readonly db: Database.Database) {
    this.select = db.prepare('SELECT revision, hash, state FROM snapshots WHERE stream = ? AND version = ?').raw();
    // Another code's snapshot is replaced; the same code's by a later one (two processes may snapshot one stream).
    this.upsert = db.prepare(
      'INSERT INTO snapshots (stream, version, revision, hash, state) VALUES (?, ?, ?, ?, ?) ' +
        'ON CONFLICT (stream) DO UPDATE SET version = excluded.version, revision = excluded.revision, hash = excluded.hash, ' +
        'state = excluded.state WHERE excluded.version <> snapshots.version OR excluded.revision > snapshots.revision ' +
        // The same revision with another hash: a snapshot of another log (a data directory put together from two).
        'OR (excluded.revision = snapshots.revision AND excluded.hash <> snapshots.hash)',
    );
    this.delete = db.prepare('DELETE FROM snapshots WHERE stream = ?');
    this.putAll = db.transaction((snapshots: readonly AggregateSnapshot[]) => {
      for (const { stream, version, revision, hash, state } of snapshots) this.upsert.run(stream, version, revision, hash, state);
    });
  }

  get(stream: string, version: string): AggregateSnapshot | undefined {
    const row = this.select.get(stream, version) as Row | undefined;
    return row && { stream, version, revision: row[0], hash: row[1], state: row[2] };
  }

  put(snapshots: readonly AggregateSnapshot[]): void {
    // A flush after a stop writes nothing: a snapshot is only ever a head start.
    if (snapshots.length > 0 && this.db.open) this.putAll(snapshots);
  }

  remove(stream: string): void {
    if (this.db.open) this.delete.run(stream);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
