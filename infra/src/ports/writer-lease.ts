/**
 * WriterLease port: the right to write something that must have a single writer (a read store's documents), held by one
 * process at a time. A standby takes it once the holder's term has run out (it died, or hangs), and each taking raises the
 * epoch. The epoch is the fence: the store refuses the writes of a holder whose term was taken over, so a deposed writer
 * that wakes up late writes nothing. Adapters: `SqliteWriterLease` (in the read store's file), `MongoWriterLease` (in the
 * read store's database, on the server's clock).
 */

/** A write refused because the lease it was made under has passed to another holder. */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
}

/** A holder's term of a lease: the epoch fences its writes. */
export interface LeaseTerm {
  epoch: number;
  expiresAt: number;
}

/** A term as the writers of the holder's process (another thread, a store) are told it: enough to fence their writes. */
export interface HeldLease {
  name: string;
  holder: string;
  epoch: number;
}

/** What every lease is opened with. */
export interface WriterLeaseOptions {
  /** The lease's name: one per thing that must have a single writer (the read models, the audit trail). */
  name: string;
  /**
   * Who asks, unique per process (host and pid, say): a holder of the same name takes the lease at once, as a
   * restarted process does, and fences its own earlier incarnation. Shown to whoever finds the lease taken.
   */
  holder: string;
  /** How long a term lasts without a renewal: the longest a standby waits after its active writer died. */
  ttlMs: number;
}

/** What a lease answers: at once (SQLite, on the holder's host) or over the network. */
export type Awaitable<T> = T | Promise<T>;

export interface WriterLease {
  /** Takes the lease when it is free (nobody holds it, its term ran out, or this holder has it), under a higher epoch; else null. */
  tryAcquire(): Awaitable<LeaseTerm | null>;
  /** Whether `tryAcquire` would take the lease now. */
  isFree(): Awaitable<boolean>;
  /** Extends the term; false when it was taken over (the holder must stop writing). */
  renew(term: LeaseTerm): Awaitable<boolean>;
  /** Gives the lease up at an orderly stop, so a standby takes it at once instead of after the term. */
  release(term: LeaseTerm): Awaitable<void>;
  /** Who holds the lease now, for a standby's log line. */
  holderNow(): Awaitable<{ holder: string; epoch: number; expiresAt: number } | null>;
  close(): Awaitable<void>;
}
