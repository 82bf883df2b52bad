import { upcast } from '@testament/contracts';
import { LruMap, type EventStore, type RecordedEvent } from '@testament/infra';
import type { AggregateSnapshotter } from './aggregate-snapshotter.ts';
import { foldEvents, type Decider, type DomainEvent } from './decider.ts';

/** An aggregate's state folded from its stream up to `revision`; -1 when the stream does not exist yet. */
export interface LoadedAggregate<State> {
  revision: number;
  state: State;
}

export interface AggregateCacheLimits {
  /** Streams kept at most. */
  maxStreams: number;
  /** Events folded into the kept states, at most: the state of a long stream counts for more than a short one's. */
  maxWeight: number;
}

/**
 * The weight bounds the memory; the stream count only the bookkeeping. A test's state takes about 335 bytes of heap
 * per event folded into it (3.9 KB for a dozen events), so 500,000 events keep about 40,000 tests in 170 MB: with every
 * one of 100,000 tests kept (2,000,000 before), the server's RSS passed 1.6 GB after 110,000 results on random tests.
 * A state not kept loads from its snapshot and the few events after it.
 */
export const DEFAULT_CACHE_LIMITS: AggregateCacheLimits = { maxStreams: 250_000, maxWeight: 500_000 };

/** What folding needs of a decider. */
export type Evolver<State, Event extends DomainEvent> = Pick<
  Decider<unknown, State, Event>,
  'initialState' | 'evolve' | 'evolveAll' | 'snapshot'
>;

interface Entry extends LoadedAggregate<unknown> {
  /** The decider whose state this is: a stream belongs to one, and a mix-up must never hand out a foreign state. */
  evolver: unknown;
  /** The revision of the stream's newest snapshot this process knows of; -1 for none. */
  snapshotRevision: number;
}

/** A loaded state and the stream's newest snapshot known. */
interface Start<State> extends LoadedAggregate<State> {
  snapshotRevision: number;
}

/** Stored events in their current schema, as the deciders know them. */
export function toDomainEvents(recorded: readonly RecordedEvent[]): DomainEvent[] {
  return recorded.map((e) => ({ type: e.type, data: upcast(e.type, e.schemaVersion, e.data) }));
}

/** An entry holds the fold of events 0..revision, so that is its weight. */
const weightOf = (entry: LoadedAggregate<unknown>) => entry.revision + 1;

/**
 * The one place the write side loads aggregates. Keeps folded states per
 * stream, least recently used evicted first, so a command on a long stream
 * reads only the events appended since its last load. A cached state is only a
 * head start: every load still reads the events after it, so writes by other
 * processes are always folded in. With nothing cached (after a start, or once
 * evicted), a snapshot the log still holds is the head start (AggregateSnapshotter).
 * States are shared between commands, so an `evolve` must return new objects and
 * never change the state it is given.
 */
export class AggregateCache {
  private readonly entries = new LruMap<string, Entry>();
  private readonly limits: AggregateCacheLimits;
  private totalWeight = 0;

  constructor(
    private readonly store: Pick<EventStore, 'readStream' | 'readStreams' | 'knownStreamHead'>,
    limits: Partial<AggregateCacheLimits> = {},
    private readonly snapshots?: AggregateSnapshotter,
  ) {
    this.limits = { ...DEFAULT_CACHE_LIMITS, ...limits };
  }

  /**
   * The stream's state now: the cached one with the events appended since folded in, else its snapshot's with the
   * events after it, else a fold of the whole stream.
   */
  async load<State, Event extends DomainEvent>(stream: string, evolver: Evolver<State, Event>): Promise<LoadedAggregate<State>> {
    const kept = this.lookup<State>(stream, evolver);
    if (kept) return this.foldNewer(stream, evolver, kept, await this.store.readStream(stream, kept.revision + 1));
    const snapshot = this.snapshotOf(stream, evolver);
    if (snapshot) {
      // Read from the snapshot's own event: only a log that still holds it, as hashed, folded this state.
      const recorded = await this.store.readStream(stream, snapshot.revision);
      if (recorded[0]?.revision === snapshot.revision && recorded[0].hash === snapshot.hash) {
        const loaded = this.foldNewer(stream, evolver, snapshot, recorded.slice(1));
        if (recorded.length === 1) this.keep(stream, evolver, loaded, snapshot.revision, undefined);
        return loaded;
      }
      this.snapshots?.discard(stream);
    }
    const start = { revision: -1, state: evolver.initialState, snapshotRevision: -1 };
    return this.foldNewer(stream, evolver, start, await this.store.readStream(stream, 0));
  }

  private foldNewer<State, Event extends DomainEvent>(
    stream: string,
    evolver: Evolver<State, Event>,
    start: Start<State>,
    recorded: readonly RecordedEvent[],
  ): LoadedAggregate<State> {
    if (recorded.length === 0) return { revision: start.revision, state: start.state };
    const last = recorded.at(-1)!;
    const loaded = { revision: last.revision, state: foldEvents(evolver, start.state, toDomainEvents(recorded) as Event[]) };
    this.keep(stream, evolver, loaded, start.snapshotRevision, last.hash);
    return loaded;
  }

  /** The stream's snapshot by this code, decoded; undefined without one (or for a decider that keeps none). */
  private snapshotOf<State>(stream: string, evolver: Evolver<State, DomainEvent>): (Start<State> & { hash: string }) | undefined {
    const snapshot = evolver.snapshot && this.snapshots?.read(stream, evolver.snapshot);
    return snapshot && { ...snapshot, snapshotRevision: snapshot.revision };
  }

  /**
   * Folds the streams not kept yet from one read of them all, and keeps their states (a bulk
   * job's chunk, before it decides its items one by one): each later `load` then reads nothing
   * but what was appended since.
   */
  async preload<State, Event extends DomainEvent>(streams: readonly string[], evolver: Evolver<State, Event>): Promise<void> {
    const missing = streams.filter((stream) => this.lookup(stream, evolver) === undefined);
    if (missing.length === 0) return;
    for (const [stream, recorded] of await this.store.readStreams(missing)) {
      if (recorded.length === 0) continue;
      const state = foldEvents(evolver, evolver.initialState, toDomainEvents(recorded) as Event[]);
      // A command that kept a newer state meanwhile wins: keep keeps the newer. A job's thousands of streams are not snapshotted for it.
      this.keep(stream, evolver, { revision: recorded.at(-1)!.revision, state }, -1, undefined);
    }
  }

  /** Keeps a state folded up to `revision` (e.g. after an append), unless a newer one is kept already. */
  remember<State, Event extends DomainEvent>(stream: string, evolver: Evolver<State, Event>, loaded: LoadedAggregate<State>): void {
    const head = this.store.knownStreamHead?.(stream);
    this.keep(stream, evolver, loaded, -1, head?.revision === loaded.revision ? head.hash : undefined);
  }

  /**
   * Keeps the state, and snapshots it (given the hash of its last event) once `every` events were folded past the
   * stream's last snapshot.
   */
  private keep<State, Event extends DomainEvent>(
    stream: string,
    evolver: Evolver<State, Event>,
    loaded: LoadedAggregate<State>,
    snapshotRevision: number,
    hash: string | undefined,
  ): void {
    if (loaded.revision < 0) return;
    const kept = this.entries.get(stream);
    const sameEvolver = kept?.evolver === evolver;
    if (sameEvolver && kept.revision >= loaded.revision) return;
    let newestSnapshot = Math.max(snapshotRevision, sameEvolver ? kept.snapshotRevision : -1);
    // An empty hash (an event KurrentDB holds without ours) proves nothing: no snapshot rests on it.
    if (this.snapshots && evolver.snapshot && hash && loaded.revision - newestSnapshot >= this.snapshots.every) {
      this.snapshots.take(stream, loaded.revision, hash, loaded.state, evolver.snapshot);
      newestSnapshot = loaded.revision;
    }
    this.forget(stream);
    this.entries.set(stream, { ...loaded, evolver, snapshotRevision: newestSnapshot });
    this.totalWeight += weightOf(loaded);
    this.evictOverLimits();
  }

  forget(stream: string): void {
    const kept = this.entries.get(stream);
    if (!kept) return;
    this.entries.delete(stream);
    this.totalWeight -= weightOf(kept);
  }

  /** Streams kept. */
  get size(): number {
    return this.entries.size;
  }

  /** Events folded into the kept states. */
  get weight(): number {
    return this.totalWeight;
  }

  private lookup<State>(stream: string, evolver: unknown): Start<State> | undefined {
    const kept = this.entries.get(stream);
    if (!kept || kept.evolver !== evolver) return undefined;
    return { revision: kept.revision, state: kept.state as State, snapshotRevision: kept.snapshotRevision };
  }

  private evictOverLimits(): void {
    for (
      let oldest = this.entries.oldestKey();
      oldest !== undefined && (this.entries.size > this.limits.maxStreams || this.totalWeight > this.limits.maxWeight);
      oldest = this.entries.oldestKey()
    ) {
      this.forget(oldest);
    }
  }
}
