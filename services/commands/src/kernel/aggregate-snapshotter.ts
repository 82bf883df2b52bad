import type { AggregateSnapshots } from '@testament/infra';
import type { StateCodec } from './decider.ts';

/**
 * A test has a dozen events after ten results, each on a page of its own in the log: a load of one after a restart
 * read them all (100–135 µs on 100,000 tests), where a snapshot is one row and the events after it.
 */
const SNAPSHOT_EVERY = 8;
/** Snapshots are written together, off every command's path. */
const FLUSH_MS = 1_000;
/** Snapshots per write: a bulk job's chunk may take thousands at once, and writing them shares the main thread. */
const FLUSH_BATCH = 500;

export interface SnapshotterOptions {
  /** A stream is snapshotted again once this many events were folded past its last snapshot (default 8). */
  every?: number;
  /** How long snapshots wait to be written together (default 1 s). */
  flushMs?: number;
}

interface Pending {
  revision: number;
  hash: string;
  state: unknown;
  codec: StateCodec<unknown>;
}

/**
 * The write side's snapshots of aggregate states (see `AggregateSnapshots`) for one code version: read back
 * decoded, taken into memory and written in batches, the rest written at `close`. Snapshots are a cache: a row that
 * cannot be read or written costs the next load of its stream time, never a command.
 */
export class AggregateSnapshotter {
  readonly every: number;
  private readonly flushMs: number;
  private readonly pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly store: AggregateSnapshots,
    /** The code that folds states (`commandCodeVersion()`): snapshots of other code are not read. */
    readonly version: string,
    options: SnapshotterOptions = {},
  ) {
    this.every = options.every ?? SNAPSHOT_EVERY;
    this.flushMs = options.flushMs ?? FLUSH_MS;
  }

  /** The stream's snapshot by this code, decoded; undefined without one that reads. */
  read<State>(stream: string, codec: StateCodec<State>): { revision: number; hash: string; state: State } | undefined {
    try {
      const snapshot = this.store.get(stream, this.version);
      return snapshot && { revision: snapshot.revision, hash: snapshot.hash, state: codec.decode(JSON.parse(snapshot.state)) };
    } catch (error) {
      console.warn(`the aggregate snapshot of ${stream} was not read, its stream is folded from the log: ${(error as Error).message}`);
      this.discard(stream);
      return undefined;
    }
  }

  /** Snapshots a state folded up to the event of `revision`, whose hash is `hash`, with the next write. */
  take<State>(stream: string, revision: number, hash: string, state: State, codec: StateCodec<State>): void {
    if (this.closed) return;
    this.pending.set(stream, { revision, hash, state, codec: codec as StateCodec<unknown> });
    this.timer ??= setTimeout(() => this.flush(), this.flushMs).unref();
  }

  /** A snapshot the log does not hold as it was taken (a restored backup, another log): removed, so a later one is kept. */
  discard(stream: string): void {
    try {
      this.store.remove(stream);
    } catch (error) {
      console.warn(`the aggregate snapshot of ${stream} was not removed: ${(error as Error).message}`);
    }
  }

  /** Writes up to a batch of the snapshots taken, and schedules the rest. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [];
    for (const [stream, { revision, hash, state, codec }] of this.pending) {
      if (batch.length === FLUSH_BATCH) break;
      this.pending.delete(stream);
      try {
        batch.push({ stream, version: this.version, revision, hash, state: JSON.stringify(codec.encode(state)) });
      } catch (error) {
        console.warn(`the aggregate snapshot of ${stream} was not encoded: ${(error as Error).message}`);
      }
    }
    try {
      this.store.put(batch);
    } catch (error) {
      console.warn(`${batch.length} aggregate snapshots were not written: ${(error as Error).message}`);
    }
    if (this.pending.size > 0 && !this.closed) this.timer = setTimeout(() => this.flush(), 0).unref();
  }

  /** Writes every snapshot taken, then closes the store: a stop loses none, a crash at most the last second's. */
  async close(): Promise<void> {
    while (this.pending.size > 0) this.flush();
    this.closed = true;
    clearTimeout(this.timer);
    this.store.close();
  }
}
