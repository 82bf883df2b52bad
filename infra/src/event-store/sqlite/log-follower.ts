import Database from 'better-sqlite3';
import type { BatchHandler, EventStore, RecordedEvent, SubscribeOptions, Subscription } from '../../ports/event-store.ts';
import { OpenSubscriptions } from '../open-subscriptions.ts';
import { readAheadFrom } from './catch-up-reader.ts';
import { CommitWaiters } from './commit-waiters.ts';
import { LogSubscription } from './log-subscription.ts';
import { READ_ALL, toRecordedEvent, type EventRow } from './schema.ts';

const DEFAULT_BATCH_SIZE = 1000;

/**
 * Follows the log of a `SqliteEventStore` from another thread than its
 * writer's: pages from a read-only connection of its own (WAL lets it read
 * while the writer commits), long catch-ups on the read-ahead thread, and new
 * commits learnt from the writer's side through `committed`, so it never polls.
 */
export class SqliteLogFollower implements Pick<EventStore, 'subscribe' | 'headPosition' | 'readAll'> {
  private readonly readPage: Database.Statement;
  private readonly subscriptions = new OpenSubscriptions();
  private head: number;
  private readonly commits = new CommitWaiters();
  private closed = false;

  static open(file: string): SqliteLogFollower {
    return new SqliteLogFollower(new Database(file, { readonly: true, fileMustExist: true }));
  }

  private constructor(private readonly db: Database.Database) {
    this.readPage = db.prepare(READ_ALL).raw();
    this.head = (db.prepare('SELECT max(position) FROM events').pluck().get() as number | null) ?? 0;
  }

  subscribe(after: number, handler: BatchHandler, options?: SubscribeOptions): Subscription {
    if (this.closed) throw new Error('log follower is closed');
    const source = {
      readPage: (from: number, limit: number) => this.page(from, limit),
      readAhead: readAheadFrom(this.db.name, options),
      headPosition: () => this.head,
      nextCommit: () => this.commits.next(),
    };
    return this.subscriptions.track(new LogSubscription(source, after, handler, options?.batchSize ?? DEFAULT_BATCH_SIZE));
  }

  async headPosition(): Promise<number> {
    return this.head;
  }

  async readAll(after: number, limit: number): Promise<RecordedEvent[]> {
    return this.page(after, limit);
  }

  private page(after: number, limit: number): RecordedEvent[] {
    return limit <= 0 ? [] : (this.readPage.all(after, limit) as EventRow[]).map(toRecordedEvent);
  }

  /** The writer has committed up to `position`: subscribers waiting for a commit read on. */
  committed(position: number): void {
    if (position <= this.head) return;
    this.head = position;
    this.commits.wake();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.subscriptions.closeAll();
    this.commits.close();
    this.db.close();
  }
}
