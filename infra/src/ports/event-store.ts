/**
 * EventStore port: an append-only log of streams with a global order.
 * Every adapter (SQLite, KurrentDB) passes the shared contract suite in
 * `infra/src/event-store/contract.ts`.
 */

/** Who caused an event, when, and why: the audit trail of every change. */
export interface EventMetadata {
  actorId: number | null;
  /** UTC ISO-8601 time with a Z suffix. */
  time: string;
  correlationId: string;
  causationId: string | null;
  commandId: string;
  /** The id of the API token the change was asked with (absent for a session or the system). */
  tokenId?: string;
}

export interface NewEvent {
  type: string;
  data: unknown;
  schemaVersion: number;
  metadata: EventMetadata;
}

export interface RecordedEvent extends NewEvent {
  stream: string;
  /** 0-based position of the event inside its stream. */
  revision: number;
  /** Position in the global log; strictly increasing, never reused. */
  position: number;
  /** sha256 over the previous event's hash in the stream and this event's content. */
  hash: string;
}

/**
 * A recorded event without what only evidence needs (its hash, and the correlation,
 * causation and command ids): all a read model folds. Every `RecordedEvent` is one.
 */
export interface FoldedEvent extends Omit<RecordedEvent, 'hash' | 'metadata'> {
  metadata: Pick<EventMetadata, 'actorId' | 'time'>;
}

/**
 * A stored event with its data and metadata as the canonical JSON text its hash
 * covers: the log read as evidence (verification, exports) needs no parsing.
 */
export interface StoredEventText extends Omit<RecordedEvent, 'data' | 'metadata'> {
  data: string;
  metadata: string;
}

/**
 * `no_stream`: the stream must not exist yet. `any`: no check.
 * A number: the stream's last revision must equal it.
 */
export type ExpectedRevision = 'no_stream' | 'any' | number;

/** One stream's share of an atomic append to several streams. */
export interface StreamAppend {
  stream: string;
  events: NewEvent[];
  expected: ExpectedRevision;
}

export interface AppendResult {
  /** Revision of the last appended event. */
  revision: number;
  /** Global position of the last appended event. */
  position: number;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`stream ${stream}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** The first break of a stream's hash chain, in log order. */
export interface ChainBreak {
  stream: string;
  revision: number;
  position: number;
  reason: string;
}

/** What a verification of the log checks: only `streams` (a project's) when given; `signal` stops it. */
export interface VerifyScope {
  streams?: ReadonlySet<string>;
  signal?: AbortSignal;
}

/** A verification of the log's hash chains. */
export interface LogVerification {
  ok: boolean;
  eventsChecked: number;
  streamsChecked: number;
  /** The last position read. */
  head: number;
  firstBreak: ChainBreak | null;
}

/** Receives events in global order, in batches; the next batch waits for the returned promise. */
export type BatchHandler = (events: RecordedEvent[]) => Promise<void> | void;

export interface SubscribeOptions {
  batchSize?: number;
  /**
   * The handler folds `FoldedEvent`s only: a store may leave out what only evidence needs
   * where that is cheaper (SQLite's long catch-ups: half the JSON text, parsed in about 30 % less time).
   */
  foldOnly?: boolean;
}

export interface Subscription {
  /** Stops delivery; resolves once no handler call is running. */
  close(): Promise<void>;
}

export interface EventStore {
  append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams at once, all or nothing: one expectation not met
   * fails the whole append with that stream's WrongExpectedRevisionError. A
   * stream appears at most once. The results follow the order of `appends`.
   */
  appendMany(appends: StreamAppend[]): Promise<AppendResult[]>;
  /** All events of a stream from `fromRevision` (inclusive), in order; [] when it does not exist. */
  readStream(stream: string, fromRevision?: number): Promise<RecordedEvent[]>;
  /**
   * Every event of each of these streams, in order, by stream; [] for one that does not exist.
   * The same as `readStream` per stream, in fewer round trips where the adapter can (a bulk
   * job reads the hundreds of tests of a chunk at once).
   */
  readStreams(streams: readonly string[]): Promise<Map<string, RecordedEvent[]>>;
  /**
   * The stream's last event as this process knows it without asking the log (after its own append), if it does:
   * what an aggregate snapshot names. Optional: an adapter that keeps no heads has none to give.
   */
  knownStreamHead?(stream: string): { revision: number; hash: string } | undefined;
  /** Up to `limit` events with a global position strictly greater than `after` (0 = from the start). */
  readAll(after: number, limit: number): Promise<RecordedEvent[]>;
  /** The same page as `readAll`, data and metadata as canonical JSON text. */
  readAllText(after: number, limit: number): Promise<StoredEventText[]>;
  /** Catch-up from `after` (exclusive), then live, in batches of at most `batchSize`. */
  subscribe(after: number, handler: BatchHandler, options?: SubscribeOptions & { foldOnly?: false }): Subscription;
  subscribe(after: number, handler: (events: FoldedEvent[]) => Promise<void> | void, options?: SubscribeOptions): Subscription;
  /** Global position of the newest event, 0 when the log is empty. */
  headPosition(): Promise<number>;
  /**
   * Re-hashes every stream's chain (only `streams`, when given), where the
   * adapter can do it faster than reading the log through this port; the same
   * answer as `verifyThroughPort` in `event-store/verify.ts`.
   */
  verifyLog?(options: VerifyScope): Promise<LogVerification>;
  /**
   * Told that no event names `stream` yet (a freshly allocated id's stream): an adapter that knows it is the only writer may then
   * answer a read of it without asking its storage (a wrong hint would fail the stream's first append on the storage's unique key).
   */
  noteNewStream?(stream: string): void;
  close(): Promise<void>;
}
