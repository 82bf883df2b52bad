import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { BatchHandler, RecordedEvent, Subscription } from '../../ports/event-store.ts';
import { ReadStoreBusyError } from '../../ports/read-store.ts';

/** Pages read ahead off the main thread during a long catch-up. */
export interface PageReader {
  /** The next page, or null when the reader has reached the position it was started for. */
  next(): Promise<RecordedEvent[] | null>;
  close(): Promise<void>;
}

/** Behind the head by more than this many events, a subscription reads ahead on another thread. */
export const READ_AHEAD_LAG = 20_000;

/** What a subscription needs from the store it follows. */
export interface LogSource {
  /** Up to `limit` events after `after`, synchronously. */
  readPage(after: number, limit: number): RecordedEvent[];
  /** A reader of the pages after `after` up to `until`, for long catch-ups. */
  readAhead?(after: number, until: number, pageSize: number): PageReader;
  /** Position of the newest committed event. */
  headPosition(): number;
  /** Resolves after the next commit (or when the store closes). */
  nextCommit(): Promise<void>;
}

/** The first and the longest wait before a batch whose handler found its database busy is delivered again. */
const FIRST_BUSY_RETRY_MS = 500;
const LONGEST_BUSY_RETRY_MS = 30_000;

/**
 * Catch-up then live delivery over a log in one process: reads pages from the
 * database, and when it has read everything waits for the store's next commit.
 * Handler calls never overlap. A handler that throws stops the subscription, except
 * when its read store was busy before it wrote anything (`ReadStoreBusyError`): the same batch is then delivered
 * again, after a wait that grows while it stays busy, since a fold that stopped would leave its read models behind
 * until a restart.
 */
export class LogSubscription implements Subscription {
  private closed = false;
  private wakeOnClose: () => void = () => {};
  private readonly closeSignal = new Promise<void>((resolve) => (this.wakeOnClose = resolve));
  private readonly running: Promise<void>;
  private reader: PageReader | undefined;
  private busyRetryMs = FIRST_BUSY_RETRY_MS;

  constructor(
    private readonly source: LogSource,
    private position: number,
    private readonly handler: BatchHandler,
    private readonly batchSize: number,
  ) {
    this.running = this.run();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeOnClose();
    await this.running;
    await this.finishReadAhead();
  }

  private async run(): Promise<void> {
    // Start on a later turn so the subscriber finishes its own setup first.
    await Promise.resolve();
    while (!this.closed) {
      if (this.position >= this.source.headPosition()) {
        await this.waitForCommit();
        continue;
      }
      const outcome = await this.deliverNextBatch();
      if (outcome === 'stopped') return;
      if (outcome === 'nothing') await this.waitForCommit();
      // A long catch-up must not starve appends and other I/O.
      if (this.position < this.source.headPosition()) await yieldToEventLoop();
    }
  }

  private waitForCommit(): Promise<void> {
    return Promise.race([this.source.nextCommit(), this.closeSignal]);
  }

  private async deliverNextBatch(): Promise<'delivered' | 'nothing' | 'stopped'> {
    let batch: RecordedEvent[];
    try {
      batch = await this.nextPage();
    } catch (error) {
      return this.stop('reading the log failed', error);
    }
    const last = batch.at(-1);
    if (this.closed) return 'stopped';
    if (last === undefined) return 'nothing';
    try {
      await this.handler(batch);
    } catch (error) {
      // Its read store was held past the busy timeout before it wrote anything: the same batch may well succeed later.
      if (!(error instanceof ReadStoreBusyError)) return this.stop('its handler threw', error);
      return this.deliverAgainLater(error);
    }
    this.position = last.position;
    this.busyRetryMs = FIRST_BUSY_RETRY_MS;
    return 'delivered';
  }

  /** The batch at the same position, read again from the database after a wait (a read-ahead would go on past it). */
  private async deliverAgainLater(error: unknown): Promise<'delivered'> {
    console.warn(
      `event store subscription at position ${this.position}: its handler found its database busy ` +
        `(${(error as Error).message}); the batch is delivered again in ${this.busyRetryMs} ms`,
    );
    await this.finishReadAhead();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([new Promise((resolve) => (timer = setTimeout(resolve, this.busyRetryMs))), this.closeSignal]);
    clearTimeout(timer);
    this.busyRetryMs = Math.min(this.busyRetryMs * 2, LONGEST_BUSY_RETRY_MS);
    return 'delivered';
  }

  /** From the read-ahead thread while far behind, else straight from the database. */
  private async nextPage(): Promise<RecordedEvent[]> {
    const head = this.source.headPosition();
    if (!this.reader && this.source.readAhead && head - this.position > READ_AHEAD_LAG) {
      this.reader = this.source.readAhead(this.position, head, this.batchSize);
    }
    if (this.reader) {
      const page = await this.reader.next();
      if (page) return page;
      await this.finishReadAhead();
    }
    return this.source.readPage(this.position, this.batchSize);
  }

  private async finishReadAhead(): Promise<void> {
    const reader = this.reader;
    this.reader = undefined;
    await reader?.close();
  }

  private stop(reason: string, error: unknown): 'stopped' {
    this.closed = true;
    console.error(`event store subscription stopped at position ${this.position}: ${reason}`, error);
    return 'stopped';
  }
}
