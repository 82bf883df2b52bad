import Sqlite, { type Database } from 'better-sqlite3';
import { type HeldLease, LeaseLostError, type LeaseTerm, type WriterLease, type WriterLeaseOptions } from '../../ports/writer-lease.ts';
import type { SqliteReadStore } from './sqlite-read-store.ts';

export interface SqliteWriterLeaseOptions extends WriterLeaseOptions {
  /** Wall-clock milliseconds; the holders share a host (and its clock) with the file. */
  now?: () => number;
}

/**
 * A lease on the writing of a SQLite file, kept in that file. One holder at a time: a standby takes
 * it once the active holder's term has run out (it died, or hangs), and each taking raises the epoch.
 * The epoch is the fence: `check`, inside the holder's write transaction, refuses the write of a
 * holder whose term was taken over, so a deposed writer that wakes up late writes nothing. The check
 * and the writes commit together (SQLite's write lock makes them one step).
 */
export class SqliteWriterLease implements WriterLease {
  private readonly now: () => number;
  private readonly current: ReturnType<Database['prepare']>;
  private owned = false;

  /**
   * A lease on a connection of its own to `file` (made when missing), which `close` closes: the holder renews on it while other threads
   * write.
   */
  static open(file: string, options: SqliteWriterLeaseOptions): SqliteWriterLease {
    const db = new Sqlite(file);
    db.pragma('busy_timeout = 10000');
    db.pragma('journal_mode = WAL');
    const lease = new SqliteWriterLease(db, options);
    lease.owned = true;
    return lease;
  }

  constructor(
    private readonly db: Database,
    private readonly options: SqliteWriterLeaseOptions,
  ) {
    this.now = options.now ?? Date.now;
    db.exec(
      'CREATE TABLE IF NOT EXISTS _rm_leases (name TEXT PRIMARY KEY, holder TEXT ' +
        'NOT NULL, epoch INTEGER NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID',
    );
    // Prepared once: `check` runs in every fenced write.
    this.current = db.prepare('SELECT holder, epoch, expires_at FROM _rm_leases WHERE name = ?');
  }

  /** Takes the lease when nobody holds it or its term ran out; the new term, or null while another holds it. */
  tryAcquire(): LeaseTerm | null {
    return this.db
      .transaction(() => {
        const now = this.now();
        const current = this.row();
        if (current && current.holder !== this.options.holder && current.expires_at > now) return null;
        const term = { epoch: (current?.epoch ?? 0) + 1, expiresAt: now + this.options.ttlMs };
        this.db
          .prepare(
            'INSERT INTO _rm_leases (name, holder, epoch, expires_at) VALUES ' +
              '(?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, ' +
              'epoch = excluded.epoch, expires_at = excluded.expires_at',
          )
          .run(this.options.name, this.options.holder, term.epoch, term.expiresAt);
        return term;
      })
      .immediate();
  }

  /** Whether `tryAcquire` would take the lease now: nobody holds it, its term ran out, or this holder has it. */
  isFree(): boolean {
    const current = this.row();
    return !current || current.holder === this.options.holder || current.expires_at <= this.now();
  }

  /** Extends the term; false when it was taken over (the holder must stop writing). */
  renew(term: LeaseTerm): boolean {
    const expiresAt = this.now() + this.options.ttlMs;
    const renewed =
      this.db
        .prepare('UPDATE _rm_leases SET expires_at = ? WHERE name = ? AND epoch = ? AND holder = ?')
        .run(expiresAt, this.options.name, term.epoch, this.options.holder).changes === 1;
    if (renewed) term.expiresAt = expiresAt;
    return renewed;
  }

  /** Gives the lease up at an orderly stop, so a standby takes it at once instead of after the term. */
  release(term: LeaseTerm): void {
    this.db.prepare('UPDATE _rm_leases SET expires_at = 0 WHERE name = ? AND epoch = ?').run(this.options.name, term.epoch);
  }

  /**
   * Inside a write transaction: throws LeaseLostError unless `term` is still the lease's (its epoch, and this holder).
   * A term that ran out while nobody took the lease over still writes: no other writer has written since.
   */
  check(term: LeaseTerm): void {
    const current = this.row();
    if (current?.epoch !== term.epoch || current.holder !== this.options.holder)
      throw new LeaseLostError(
        `the ${this.options.name} lease passed to ${current?.holder ?? 'nobody'} ` +
          `(epoch ${current?.epoch ?? 0}); this writer (epoch ${term.epoch}) stops`,
      );
  }

  /** Who holds the lease now, for a standby's log line. */
  holderNow(): { holder: string; epoch: number; expiresAt: number } | null {
    const current = this.row();
    return current ? { holder: current.holder, epoch: current.epoch, expiresAt: current.expires_at } : null;
  }

  /** Closes the connection `open` made. */
  close(): void {
    if (this.owned && this.db.open) this.db.close();
  }

  private row(): { holder: string; epoch: number; expires_at: number } | undefined {
    return this.current.get(this.options.name) as { holder: string; epoch: number; expires_at: number } | undefined;
  }
}

/**
 * Fences the writes of `store` (a connection of its own to the lease's file, on another thread of the
 * holder, say) with a term the holder took: they are refused, whole, once another holder took the lease.
 * Renewing is the holder's business, on its own connection.
 */
export function fenceWithLease(store: SqliteReadStore, held: HeldLease): void {
  const lease = new SqliteWriterLease(store.db, { name: held.name, holder: held.holder, ttlMs: 0 });
  const term = { epoch: held.epoch, expiresAt: 0 };
  store.fenceWrites(() => lease.check(term));
}
