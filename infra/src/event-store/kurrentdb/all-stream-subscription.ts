/**
 * Turns a KurrentDB $all catch-up subscription (a stream of single events) into
 * our Subscription: batches of at most `batchSize`, handler calls that never
 * overlap, back-pressure on the server stream while the handler is slow, and
 * a resubscription from the last received position when the connection drops.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { AllStreamResolvedEvent, AllStreamSubscription as ClientSubscription } from '@kurrent/kurrentdb-client';
import type { BatchHandler, RecordedEvent, Subscription } from '../../ports/event-store.ts';

export interface AllStreamSubscriptionOptions {
  after: number;
  handler: BatchHandler;
  batchSize: number;
  /** Opens the server subscription from a position (events at or before it are skipped here). */
  open(after: number): ClientSubscription;
  toRecordedEvent(resolved: AllStreamResolvedEvent): RecordedEvent | undefined;
}

const MAX_RECONNECT_DELAY_MS = 30_000;

export class AllStreamSubscription implements Subscription {
  private readonly buffer: RecordedEvent[] = [];
  /** Position of the newest event taken from the server (delivered or buffered). */
  private received: number;
  private source: ClientSubscription | undefined;
  private paused = false;
  private closed = false;
  private wakeDelivery: (() => void) | undefined;
  private readonly delivering: Promise<void>;

  constructor(private readonly options: AllStreamSubscriptionOptions) {
    this.received = options.after;
    this.connect();
    this.delivering = this.deliverLoop();
  }

  async close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      this.wake();
      await this.disconnect();
    }
    await this.delivering;
  }

  private connect(): void {
    const source = this.options.open(this.received);
    this.source = source;
    source.on('data', (resolved: AllStreamResolvedEvent) => this.accept(resolved));
    source.on('error', (error: Error) => void this.reconnectAfter(source, error));
    source.on('end', () => void this.reconnectAfter(source, new Error('the server ended the subscription')));
  }

  private async disconnect(): Promise<void> {
    const source = this.source;
    this.source = undefined;
    try {
      await source?.unsubscribe();
    } catch {
      // Already gone.
    }
  }

  private async reconnectAfter(failed: ClientSubscription, error: Error): Promise<void> {
    if (this.closed || this.source !== failed) return;
    await this.disconnect();
    for (let delay = 500; !this.closed; delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS)) {
      console.error(`KurrentDB subscription lost after position ${this.received}; resubscribing in ${delay} ms`, error);
      await sleep(delay);
      if (this.closed) return;
      try {
        this.connect();
        return;
      } catch (retryError) {
        error = retryError as Error;
      }
    }
  }

  private accept(resolved: AllStreamResolvedEvent): void {
    const event = this.options.toRecordedEvent(resolved);
    // The server starts at the given position inclusively, and may repeat after a resubscription.
    if (event === undefined || event.position <= this.received) return;
    this.received = event.position;
    this.buffer.push(event);
    if (!this.paused && this.buffer.length >= 4 * this.options.batchSize) {
      this.paused = true;
      this.source?.pause();
    }
    this.wake();
  }

  private async deliverLoop(): Promise<void> {
    while (!this.closed) {
      if (this.buffer.length === 0) {
        await new Promise<void>((resolve) => (this.wakeDelivery = resolve));
        continue;
      }
      const batch = this.buffer.splice(0, this.options.batchSize);
      this.resumeIfDrained();
      try {
        await this.options.handler(batch);
      } catch (error) {
        console.error(`event store subscription stopped before position ${batch[0]!.position}: its handler threw`, error);
        this.closed = true;
        await this.disconnect();
      }
    }
  }

  private resumeIfDrained(): void {
    if (this.paused && this.buffer.length <= this.options.batchSize) {
      this.paused = false;
      this.source?.resume();
    }
  }

  private wake(): void {
    const wake = this.wakeDelivery;
    this.wakeDelivery = undefined;
    wake?.();
  }
}
