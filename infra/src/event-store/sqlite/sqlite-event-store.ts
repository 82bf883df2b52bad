/**
 * EventStore on one SQLite file (better-sqlite3, WAL, synchronous=FULL).
 *
 * This process is the only writer. Appends made in the same tick are queued and
 * written in one transaction (one fsync): group commit. Commits are made by a
 * writer thread (commit-writer.ts), one at a time; appends that arrive while
 * one is on its way form the next group. Expected revisions are
 * checked in JS against a cache of stream heads before inserting; the unique
 * (stream, revision) and position keys are the backstop if that assumption is
 * ever broken (the whole group then fails and the caches are reloaded).
 */
import { OpenSubscriptions } from '../open-subscriptions.ts';
import type Database from 'better-sqlite3';
import type {
  AppendResult,
  BatchHandler,
  EventStore,
  ExpectedRevision,
  LogVerification,
  NewEvent,
  RecordedEvent,
  StoredEventText,
  StreamAppend,
  SubscribeOptions,
  Subscription,
  VerifyScope,
} from '../../ports/event-store.ts';
import { checkAppends } from '../check-appends.ts';
import { canonicalJson } from '../hash.ts';
import { planGroup, type GroupPlan, type PendingAppend, type PendingStreamAppend, type SerializedEvent } from './group-commit.ts';
import { readAheadFrom } from './catch-up-reader.ts';
import { CommitWaiters } from './commit-waiters.ts';
import { type CommitPortReceiver, CommitWriter } from './commit-writer.ts';
import { LogSubscription } from './log-subscription.ts';
import { EVENT_COLUMNS, openEventDatabase, READ_ALL, readStreamsWith, toRecordedEvent, toStoredText, type EventRow } from './schema.ts';
import { RecentRows } from './recent-rows.ts';
import { verifySqliteLog, verifySqliteStreams } from './verify-file.ts';
import { NO_STREAM_HEAD, StreamHeadCache, type StreamHead } from './stream-heads.ts';

export type { CommitPortReceiver } from './commit-writer.ts';

const DEFAULT_BATCH_SIZE = 1000;

/** Counters for tests and benchmarks. */
export interface SqliteEventStoreStats {
  /** Transactions written (one per group of appends). */
  commits: number;
  appends: number;
  events: number;
}

export class SqliteEventStore implements EventStore {
  readonly stats: SqliteEventStoreStats = { commits: 0, appends: 0, events: 0 };

  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly streamHeads: StreamHeadCache;
  private readonly recentRows = new RecentRows();
  private readonly subscriptions = new OpenSubscriptions();
  private queue: PendingAppend[] = [];
  private flushScheduled = false;
  private readonly writer: CommitWriter;
  /** Settles when the commit on its way has been published or rejected. */
  private committing: Promise<void> | undefined;
  private readonly commits = new CommitWaiters();
  private readonly commitListeners = new Set<(head: number) => void>();
  private head: number;
  private closed = false;

  static open(file: string): SqliteEventStore {
    return new SqliteEventStore(openEventDatabase(file));
  }

  private constructor(private readonly db: Database.Database) {
    this.statements = prepareStatements(db);
    this.writer = new CommitWriter(db.name);
    this.head = this.readHeadPosition();
    this.streamHeads = new StreamHeadCache((stream) => this.readStreamHead(stream));
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    return (await this.appendMany([{ stream, events, expected }]))[0]!;
  }

  /** One pending append of all the parts: the group's transaction holds them all or none. */
  appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    if (this.closed) return Promise.reject(new Error('event store is closed'));
    let parts: PendingStreamAppend[];
    try {
      parts = serializeAppends(appends);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<AppendResult[]>((resolve, reject) => {
      this.queue.push({ parts, resolve, reject });
      this.scheduleFlush();
    });
  }

  async readStream(stream: string, fromRevision = 0): Promise<RecordedEvent[]> {
    // This process is the only writer, so its head of the stream is the truth: most reads (a command's
    // check for events newer than its cached state) ask past it and need no query.
    const cached = this.streamHeads.cached(stream);
    if (cached && fromRevision > cached.revision) return [];
    const events = (this.statements.readStream.all(stream, fromRevision) as EventRow[]).map(toRecordedEvent);
    // A read runs to the stream's end, so its last event is the head (none from 0: no stream); a read from an
    // aggregate snapshot's event asks no second query for it.
    if (cached === undefined && (events.length > 0 || fromRevision === 0)) this.learnHead(stream, events);
    return events;
  }

  knownStreamHead(stream: string): { revision: number; hash: string } | undefined {
    const head = this.streamHeads.cached(stream);
    return head?.hash ? { revision: head.revision, hash: head.hash } : undefined;
  }

  /** A new case's or test's stream: the first load of it (a create's) needs no query then. */
  noteNewStream(stream: string): void {
    if (this.streamHeads.cached(stream) === undefined) this.streamHeads.set(stream, NO_STREAM_HEAD);
  }

  /** A thousand streams per query (`readStreamsWith`). */
  async readStreams(streams: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    const read = readStreamsWith(this.statements.readStreams, streams);
    for (const [stream, events] of read) if (this.streamHeads.cached(stream) === undefined) this.learnHead(stream, events);
    return read;
  }

  async readAll(after: number, limit: number): Promise<RecordedEvent[]> {
    return this.readPage(after, limit);
  }

  /** The stored text is the canonical JSON the hashes were made of: handed over as it is. */
  async readAllText(after: number, limit: number): Promise<StoredEventText[]> {
    return this.readRows(after, limit).map(toStoredText);
  }

  subscribe(after: number, handler: BatchHandler, options?: SubscribeOptions): Subscription {
    if (this.closed) throw new Error('event store is closed');
    const source = {
      readPage: (from: number, limit: number) => this.readPage(from, limit),
      readAhead: readAheadFrom(this.db.name, options),
      headPosition: () => this.head,
      nextCommit: () => this.commits.next(),
    };
    const subscription = new LogSubscription(source, after, handler, options?.batchSize ?? DEFAULT_BATCH_SIZE);
    return this.subscriptions.track(subscription);
  }

  async headPosition(): Promise<number> {
    return this.head;
  }

  /** Tells `listener` the log's new head after every commit, once this thread has taken the commit's acknowledgement. */
  onCommit(listener: (head: number) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  /** Commits heard on a port straight from the commit thread (`CommitWriter.commitPorts`): a thread folding the log learns of them so. */
  commitPorts(receive: CommitPortReceiver): () => void {
    return this.writer.commitPorts(receive);
  }

  /** The file read directly, on a thread of its own: no parsing, and the main thread stays free. */
  verifyLog(options: VerifyScope): Promise<LogVerification> {
    return options.streams ? verifySqliteStreams(this.db, options.streams, options.signal) : verifySqliteLog(this.db.name, options);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // What was acknowledged or queued before the close is still written.
    while (this.committing || this.queue.length > 0) {
      this.flush();
      await this.committing;
    }
    await this.writer.close();
    await this.subscriptions.closeAll();
    this.commits.close();
    this.db.close();
  }

  private readPage(after: number, limit: number): RecordedEvent[] {
    return this.readRows(after, limit).map(toRecordedEvent);
  }

  private readRows(after: number, limit: number): readonly EventRow[] {
    if (limit <= 0) return []; // SQLite reads a negative LIMIT as "no limit"
    // Subscribers following the head read the latest commits from memory.
    return this.recentRows.after(after, limit) ?? (this.statements.readAll.all(after, limit) as EventRow[]);
  }

  // setImmediate runs after the current tick's microtasks: everything appended
  // in the same burst lands in the same group.
  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.committing) return; // The commit's end flushes what queued meanwhile.
    const group = this.queue;
    this.queue = [];
    if (group.length === 0) return;
    let plan: GroupPlan;
    try {
      plan = planGroup(group, (stream) => this.streamHeads.get(stream), this.head);
    } catch (error) {
      this.rejectGroup(group, error);
      return;
    }
    if (plan.accepted.length === 0) return;
    this.committing = this.writer.commit(plan.rows).then(
      () => this.publish(plan),
      (error: unknown) => this.rejectGroup(group, error),
    );
    void this.committing.finally(() => {
      this.committing = undefined;
      if (this.queue.length > 0) this.flush();
    });
  }

  /** Nothing of the group is stored (settling an append its plan already rejected is a no-op). */
  private rejectGroup(group: PendingAppend[], error: unknown): void {
    this.recoverFromFailedCommit();
    for (const append of group) append.reject(error);
  }

  private publish(plan: GroupPlan): void {
    this.head = plan.lastPosition;
    this.recentRows.add(plan.rows);
    for (const [stream, head] of plan.newHeads) this.streamHeads.set(stream, head);
    this.stats.commits += 1;
    this.stats.appends += plan.accepted.length;
    this.stats.events += plan.rows.length;
    for (const { append, results } of plan.accepted) append.resolve(results);
    this.commits.wake();
    for (const listener of this.commitListeners) listener(this.head);
  }

  /** The database is the truth: forget what we believed about it. */
  private recoverFromFailedCommit(): void {
    this.streamHeads.clear();
    this.recentRows.clear();
    try {
      this.head = this.readHeadPosition();
    } catch {
      // Keep the old head; the next commit will fail again and retry this.
    }
  }

  /** A stream read to its end tells its head: a first load asks one query, not two. */
  private learnHead(stream: string, events: readonly RecordedEvent[]): void {
    const last = events.at(-1);
    this.streamHeads.set(stream, last ? { revision: last.revision, hash: last.hash } : NO_STREAM_HEAD);
  }

  private readHeadPosition(): number {
    return (this.statements.headPosition.get() as number | null) ?? 0;
  }

  private readStreamHead(stream: string): StreamHead {
    const row = this.statements.streamHead.get(stream) as [number, string] | undefined;
    return row === undefined ? NO_STREAM_HEAD : { revision: row[0], hash: row[1] };
  }
}

function prepareStatements(db: Database.Database) {
  return {
    readAll: db.prepare(READ_ALL).raw(),
    readStream: db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision`).raw(),
    readStreams: db
      .prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream IN (SELECT value FROM json_each(?)) ORDER BY stream, revision`)
      .raw(),
    streamHead: db.prepare('SELECT revision, hash FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1').raw(),
    headPosition: db.prepare('SELECT max(position) FROM events').pluck(),
  };
}

/** The appends' events as canonical JSON, checked before anything is queued. */
function serializeAppends(appends: StreamAppend[]): PendingStreamAppend[] {
  checkAppends(appends);
  return appends.map(({ stream, events, expected }) => ({ stream, expected, events: events.map(serializeEvent) }));
}

function serializeEvent(event: NewEvent): SerializedEvent {
  return {
    type: event.type,
    schemaVersion: event.schemaVersion,
    dataJson: canonicalJson(event.data),
    metadataJson: canonicalJson(event.metadata),
  };
}
