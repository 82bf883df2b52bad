import Database from 'better-sqlite3';
import type { EventStore, RecordedEvent, StoredEventText, Subscription } from '../../ports/event-store.ts';
import { EVENT_COLUMNS, READ_ALL, readStreamsWith, toRecordedEvent, toStoredText, type EventRow } from './schema.ts';
import { verifySqliteLog, verifySqliteStreams } from './verify-file.ts';

/**
 * The SQLite log as a process that does not write it reads it (a gateway beside the command service): a
 * read-only connection of its own, every read asked of the file, since another process appends. It
 * appends nothing and follows nothing: commands go to the command service, and what was folded is told
 * by the projection service's notices.
 */
export class SqliteLogReader implements EventStore {
  private readonly statements;

  static open(file: string): SqliteLogReader {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    return new SqliteLogReader(db);
  }

  private constructor(private readonly db: Database.Database) {
    this.statements = {
      readAll: db.prepare(READ_ALL).raw(),
      readStream: db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision`).raw(),
      readStreams: db
        .prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream IN (SELECT value FROM json_each(?)) ORDER BY stream, revision`)
        .raw(),
      headPosition: db.prepare('SELECT max(position) FROM events').pluck(),
    };
  }

  append(): never {
    throw new Error('this process reads the log and does not write it: commands go to the command service');
  }

  appendMany(): never {
    return this.append();
  }

  async readStream(stream: string, fromRevision = 0): Promise<RecordedEvent[]> {
    return (this.statements.readStream.all(stream, fromRevision) as EventRow[]).map(toRecordedEvent);
  }

  async readStreams(streams: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    return readStreamsWith(this.statements.readStreams, streams);
  }

  async readAll(after: number, limit: number): Promise<RecordedEvent[]> {
    return this.rows(after, limit).map(toRecordedEvent);
  }

  async readAllText(after: number, limit: number): Promise<StoredEventText[]> {
    return this.rows(after, limit).map(toStoredText);
  }

  subscribe(): Subscription {
    throw new Error('this process does not follow the log: the projection service folds it');
  }

  async headPosition(): Promise<number> {
    return (this.statements.headPosition.get() as number | null) ?? 0;
  }

  verifyLog(options: Parameters<NonNullable<EventStore['verifyLog']>>[0]) {
    return options.streams ? verifySqliteStreams(this.db, options.streams, options.signal) : verifySqliteLog(this.db.name, options);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private rows(after: number, limit: number): EventRow[] {
    return limit <= 0 ? [] : (this.statements.readAll.all(after, limit) as EventRow[]);
  }
}
