import Database from 'better-sqlite3';

/** Another process holds the log's writer lock (a running server, or `npm run admin`). */
export class LogInUseError extends Error {
  override readonly name = 'LogInUseError';
}

/**
 * One writing process per SQLite log: `SqliteEventStore` keeps its streams' heads in memory and
 * takes them for the truth, so a second process appending to the same file would chain events
 * on heads that are no longer the last. The server holds this lock while it runs, and so does
 * anything else that writes the log outside it (`npm run admin`).
 *
 * The lock is an exclusive SQLite lock on a small file beside the log (`<log>.lock`), held by
 * its own connection in exclusive locking mode. The operating system drops it when the process
 * ends, however it ends (kill -9 included), so there is never a stale lock to clear; and SQLite
 * keeps it between connections of one process too.
 */
export class SqliteWriterLock {
  private constructor(private readonly db: Database.Database) {}

  /** Takes the lock at once, or throws `LogInUseError`. */
  static acquire(logFile: string): SqliteWriterLock {
    const db = new Database(`${logFile}.lock`, { timeout: 0 });
    try {
      db.pragma('locking_mode = EXCLUSIVE');
      // In exclusive locking mode a connection keeps the lock of its first write until it closes.
      db.exec('BEGIN EXCLUSIVE; COMMIT');
      return new SqliteWriterLock(db);
    } catch (error) {
      db.close();
      if ((error as { code?: string }).code === 'SQLITE_BUSY')
        throw new LogInUseError(`the event log ${logFile} is in use by another process`);
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
