/**
 * EventStore on KurrentDB (EventStoreDB's successor) through @kurrent/kurrentdb-client.
 *
 * - `position` is the event's commit position in the server's log. Every event
 *   of a modern (implicitly transactional) append has its own commit position,
 *   so positions are unique and increase in $all order.
 * - schemaVersion, our audit metadata and the chain hash travel in the event's
 *   metadata JSON (see {@link StoredMetadata}).
 * - The hash chain needs the previous event's hash, so an append first reads the
 *   stream's last event, then appends with THAT revision as the server-side
 *   expectation, whatever the caller asked. A concurrent writer thus makes the
 *   append fail instead of forking the chain; we then read the head again,
 *   which either fails the caller's expectation or lets us retry.
 * - System events (types starting with `$`) are invisible: readAll, subscribe
 *   and headPosition filter them out.
 * - An append to several streams is KurrentDB's multi-stream append (server
 *   25.1 or later), the same way: every head read, every event chained, the
 *   heads as the server-side expectations. That append takes metadata of
 *   string values only, so its events keep our metadata as JSON text in them.
 */
import { OpenSubscriptions } from '../open-subscriptions.ts';
import {
  BACKWARDS,
  END,
  ErrorType,
  excludeSystemEvents,
  FORWARDS,
  isCommandError,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  START,
  type AllStreamResolvedEvent,
  type AppendResult as KurrentAppendResult,
  type AppendStreamState,
  type EventData,
  type JSONType,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import type {
  AppendResult,
  BatchHandler,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  StoredEventText,
  StreamAppend,
  SubscribeOptions,
  Subscription,
} from '../../ports/event-store.ts';
import { NO_STREAM_REVISION, satisfiesExpected, wrongExpectedRevision, type CurrentRevision } from '../expected-revision.ts';
import { canonicalJson, eventHash } from '../hash.ts';
import { checkAppends } from '../check-appends.ts';
import { AllStreamSubscription } from './all-stream-subscription.ts';

/** The metadata JSON of every event this adapter writes. */
export interface StoredMetadata {
  schemaVersion: number;
  metadata: EventMetadata;
  hash: string;
}

const DEFAULT_BATCH_SIZE = 1000;
/** An append retried this often when other writers keep getting in first. */
const MAX_CONFLICT_RETRIES = 20;
/** Stream reads of one readStreams call in flight at once. */
const READS_IN_FLIGHT = 32;

interface StreamHead {
  revision: CurrentRevision;
  hash: string | null;
}

export class KurrentDbEventStore implements EventStore {
  private readonly subscriptions = new OpenSubscriptions();

  /** e.g. `kurrentdb://localhost:2113?tls=false` */
  static connect(connectionString: string): KurrentDbEventStore {
    return new KurrentDbEventStore(KurrentDBClient.connectionString(connectionString));
  }

  constructor(private readonly client: KurrentDBClient) {}

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError('append needs at least one event');
    for (let attempt = 0; ; attempt++) {
      const head = await this.readHead(stream);
      if (!satisfiesExpected(expected, head.revision)) throw wrongExpectedRevision(stream, expected, head.revision);
      const result = await this.tryAppendAfter(stream, head, events);
      if (result !== undefined) return result;
      // Another writer got in between our read and our write. Reading the head
      // again settles an exact expectation; an `any` append simply tries again.
      if (attempt >= MAX_CONFLICT_RETRIES) throw wrongExpectedRevision(stream, expected, head.revision);
    }
  }

  async appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    checkAppends(appends);
    if (appends.length === 1) return [await this.append(appends[0]!.stream, appends[0]!.events, appends[0]!.expected)];
    for (let attempt = 0; ; attempt++) {
      const heads = await Promise.all(appends.map(({ stream }) => this.readHead(stream)));
      appends.forEach(({ stream, expected }, index) => {
        if (!satisfiesExpected(expected, heads[index]!.revision)) throw wrongExpectedRevision(stream, expected, heads[index]!.revision);
      });
      const requests = appends.map(({ stream, events }, index) => {
        const head = heads[index]!;
        const expectedState: AppendStreamState = head.revision === NO_STREAM_REVISION ? NO_STREAM : BigInt(head.revision);
        return { streamName: stream, events: chainEvents(stream, head, events, asTextMetadata), expectedState };
      });
      try {
        const result = await this.client.multiStreamAppend(requests);
        // One position for the whole append: its commit position.
        return result.responses.map((response) => ({ revision: Number(response.revision), position: Number(result.position) }));
      } catch (error) {
        if (!isWrongExpectedVersion(error)) throw error;
        // Another writer got in between our reads and our write: read the heads again.
        if (attempt >= MAX_CONFLICT_RETRIES) throw wrongExpectedRevision(appends[0]!.stream, appends[0]!.expected, heads[0]!.revision);
      }
    }
  }

  async readStream(stream: string, fromRevision = 0): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(stream, { fromRevision: BigInt(fromRevision), direction: FORWARDS });
      for await (const resolved of read) pushRecorded(events, resolved);
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw error;
    }
    return events;
  }

  /** KurrentDB reads one stream per call: up to READS_IN_FLIGHT of them at once. */
  async readStreams(streams: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    const wanted = [...new Set(streams)];
    const read = new Map<string, RecordedEvent[]>();
    for (let from = 0; from < wanted.length; from += READS_IN_FLIGHT) {
      const part = wanted.slice(from, from + READS_IN_FLIGHT);
      const events = await Promise.all(part.map((stream) => this.readStream(stream)));
      part.forEach((stream, index) => {
        read.set(stream, events[index]!);
      });
    }
    return read;
  }

  async readAll(after: number, limit: number): Promise<RecordedEvent[]> {
    if (limit <= 0) return [];
    const events: RecordedEvent[] = [];
    // Reading from a position includes the event at it: ask for one more and drop it.
    const read = this.client.readAll({
      fromPosition: readPositionAfter(after),
      maxCount: limit + 1,
      direction: FORWARDS,
      filter: excludeSystemEvents(),
    });
    for await (const resolved of read) {
      const event = toRecordedEvent(resolved);
      if (event !== undefined && event.position > after && events.length < limit) events.push(event);
    }
    return events;
  }

  /** KurrentDB keeps JSON as it was sent: written again canonically, as the hashes were made of it. */
  async readAllText(after: number, limit: number): Promise<StoredEventText[]> {
    return (await this.readAll(after, limit)).map((event) => ({
      ...event,
      data: canonicalJson(event.data),
      metadata: canonicalJson(event.metadata),
    }));
  }

  subscribe(after: number, handler: BatchHandler, options?: SubscribeOptions): Subscription {
    const subscription = new AllStreamSubscription({
      after,
      handler,
      batchSize: options?.batchSize ?? DEFAULT_BATCH_SIZE,
      open: (from) => this.client.subscribeToAll({ fromPosition: readPositionAfter(from), filter: excludeSystemEvents() }),
      toRecordedEvent,
    });
    return this.subscriptions.track(subscription);
  }

  async headPosition(): Promise<number> {
    const read = this.client.readAll({
      fromPosition: END,
      direction: BACKWARDS,
      maxCount: 1,
      filter: excludeSystemEvents(),
    });
    for await (const resolved of read) {
      const event = toRecordedEvent(resolved);
      if (event !== undefined) return event.position;
    }
    return 0;
  }

  async close(): Promise<void> {
    await this.subscriptions.closeAll();
    await this.client.dispose();
  }

  /** Appends right after `head`; undefined when the stream has moved on meanwhile. */
  private async tryAppendAfter(stream: string, head: StreamHead, events: NewEvent[]): Promise<AppendResult | undefined> {
    const eventData = chainEvents(stream, head, events);
    const streamState = head.revision === NO_STREAM_REVISION ? NO_STREAM : BigInt(head.revision);
    let result: KurrentAppendResult;
    try {
      result = await this.client.appendToStream(stream, eventData, { streamState });
    } catch (error) {
      if (isWrongExpectedVersion(error)) return undefined;
      throw error;
    }
    if (!result.success) return undefined; // when the connection has throwOnAppendFailure=false
    // The append result carries the commit position of the last event written.
    const position = result.position?.commit ?? BigInt(await this.headPosition());
    return { revision: Number(result.nextExpectedRevision), position: Number(position) };
  }

  private async readHead(stream: string): Promise<StreamHead> {
    try {
      // From the leader: a lagging follower would make us append after a stale head.
      const read = this.client.readStream(stream, {
        fromRevision: END,
        direction: BACKWARDS,
        maxCount: 1,
        requiresLeader: true,
      });
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved);
        if (event !== undefined) return { revision: event.revision, hash: event.hash };
      }
    } catch (error) {
      if (!isStreamNotFound(error)) throw error;
    }
    return { revision: NO_STREAM_REVISION, hash: null };
  }
}

/** Our events as the client's EventData, each hashed onto its predecessor. */
function chainEvents(
  stream: string,
  head: StreamHead,
  events: NewEvent[],
  metadataOf: (stored: StoredMetadata) => JSONType = (stored) => ({ ...stored }),
): EventData[] {
  let { revision, hash } = head;
  return events.map((event) => {
    revision += 1;
    hash = eventHash(hash, { stream, revision, ...event });
    const metadata: StoredMetadata = { schemaVersion: event.schemaVersion, metadata: event.metadata, hash };
    // The client JSON-encodes data; JSONType is narrower than our `unknown`.
    return jsonEvent({ type: event.type, data: event.data as JSONType, metadata: metadataOf(metadata) });
  });
}

/** Our metadata as a multi-stream append takes it: string values only. */
function asTextMetadata(stored: StoredMetadata): JSONType {
  return { schemaVersion: String(stored.schemaVersion), metadata: JSON.stringify(stored.metadata), hash: stored.hash };
}

function readPositionAfter(position: number): ReadPosition {
  if (position <= 0) return START;
  const logPosition = BigInt(position);
  const at: Position = { commit: logPosition, prepare: logPosition };
  return at;
}

function pushRecorded(events: RecordedEvent[], resolved: ResolvedEvent): void {
  const event = toRecordedEvent(resolved);
  if (event !== undefined) events.push(event);
}

function toRecordedEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (event === undefined) return undefined; // a link to a deleted event
  const commit = event.position?.commit ?? resolved.commitPosition;
  if (commit === undefined) throw new Error('KurrentDB returned an event without a position (server older than 22.6?)');
  const stored = storedMetadataOf(event.metadata, event.created);
  return {
    type: event.type,
    data: event.data,
    schemaVersion: stored.schemaVersion,
    metadata: stored.metadata,
    stream: event.streamId,
    revision: Number(event.revision),
    position: Number(commit),
    hash: stored.hash,
  };
}

/** Our stored metadata (as objects, or as text from a multi-stream append); for events written by other software, neutral defaults. */
function storedMetadataOf(raw: unknown, created: Date): StoredMetadata {
  const stored = (typeof raw === 'object' && raw !== null ? raw : {}) as { schemaVersion?: unknown; metadata?: unknown; hash?: unknown };
  const schemaVersion = Number(stored.schemaVersion);
  const metadata =
    typeof stored.metadata === 'string' ? (JSON.parse(stored.metadata) as EventMetadata) : (stored.metadata as EventMetadata | undefined);
  return {
    schemaVersion: Number.isInteger(schemaVersion) ? schemaVersion : 1,
    metadata: metadata ?? {
      actorId: null,
      time: created.toISOString(),
      correlationId: '',
      causationId: null,
      commandId: '',
    },
    hash: typeof stored.hash === 'string' ? stored.hash : '',
  };
}

function isStreamNotFound(error: unknown): boolean {
  return error instanceof Error && isCommandError(error) && error.type === ErrorType.STREAM_NOT_FOUND;
}

function isWrongExpectedVersion(error: unknown): boolean {
  return error instanceof Error && isCommandError(error) && error.type === ErrorType.WRONG_EXPECTED_VERSION;
}
