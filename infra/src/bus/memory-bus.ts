/**
 * In-process Bus: the embedded default, behaving like the NATS adapter without a server.
 *
 * Delivery is asynchronous (one microtask per message and subscriber), so a publisher never
 * runs subscriber code on its own stack, and each subscriber sees messages in publish order.
 * Payloads are handed over as-is, not copied: receivers must treat them as read-only,
 * because the publisher and every other subscriber share the same object.
 */
import type { Bus, ReplyHandler, Unsubscribe } from '../ports/bus.ts';
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  type HandlerErrorListener,
  describeThrown,
  handlerError,
  invokeSubscriber,
  noRespondersError,
  reportToConsole,
  timeoutError,
} from './bus-errors.ts';
import { SubjectPattern, assertPublishSubject } from './subject.ts';

export interface MemoryBusOptions {
  /** Called when a subscriber throws or rejects; such errors must not reach the publisher. */
  onHandlerError?: HandlerErrorListener;
}

interface Listener<H> {
  readonly pattern: SubjectPattern;
  readonly handler: H;
  active: boolean;
}

type Subscriber = Listener<(payload: unknown, subject: string) => void>;
type Replier = Listener<ReplyHandler>;

export class MemoryBus implements Bus {
  private readonly subscribers = new Set<Subscriber>();
  /** Iteration order is the round-robin order: a replier that answers moves to the end. */
  private readonly repliers = new Set<Replier>();
  /** Rejects a pending request when the bus closes. */
  private readonly pendingAborts = new Set<() => void>();
  private readonly onHandlerError: HandlerErrorListener;
  private closed = false;

  constructor(options: MemoryBusOptions = {}) {
    this.onHandlerError = options.onHandlerError ?? reportToConsole;
  }

  publish(subject: string, payload: unknown): void {
    this.assertOpen();
    assertPublishSubject(subject);
    for (const subscriber of this.subscribers) {
      if (subscriber.pattern.matches(subject)) {
        queueMicrotask(() => this.deliver(subscriber, payload, subject));
      }
    }
  }

  subscribe(subject: string, handler: (payload: unknown, subject: string) => void): Unsubscribe {
    return this.listen(this.subscribers, subject, handler);
  }

  async request(subject: string, payload: unknown, options: { timeoutMs?: number } = {}): Promise<unknown> {
    this.assertOpen();
    assertPublishSubject(subject);
    const replier = this.takeNextReplier(subject);
    if (!replier) throw noRespondersError(subject);
    const answer = this.invokeReplier(replier, payload, subject);
    return this.awaitAnswer(answer, subject, options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
  }

  reply(subject: string, handler: ReplyHandler): Unsubscribe {
    return this.listen(this.repliers, subject, handler);
  }

  /** Resolves once the deliveries queued by earlier publishes have been started. */
  flush(): Promise<void> {
    return new Promise((resolve) => queueMicrotask(resolve));
  }

  /**
   * Stops all delivery (including messages already queued) and rejects pending requests.
   * Idempotent, so a bus shared by several owners can be closed by each of them.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const listener of [...this.subscribers, ...this.repliers]) listener.active = false;
    this.subscribers.clear();
    this.repliers.clear();
    for (const abort of [...this.pendingAborts]) abort();
  }

  private listen<H>(listeners: Set<Listener<H>>, subject: string, handler: H): Unsubscribe {
    this.assertOpen();
    const listener: Listener<H> = { pattern: new SubjectPattern(subject), handler, active: true };
    listeners.add(listener);
    return () => {
      listener.active = false;
      listeners.delete(listener);
    };
  }

  private deliver(subscriber: Subscriber, payload: unknown, subject: string): void {
    if (!subscriber.active) return; // unsubscribed after the message was queued
    invokeSubscriber(subscriber.handler, payload, subject, this.onHandlerError);
  }

  private takeNextReplier(subject: string): Replier | undefined {
    for (const replier of this.repliers) {
      if (replier.pattern.matches(subject)) {
        this.repliers.delete(replier);
        this.repliers.add(replier);
        return replier;
      }
    }
    return undefined;
  }

  private async invokeReplier(replier: Replier, payload: unknown, subject: string): Promise<unknown> {
    await Promise.resolve(); // like a transport: the handler never runs on the requester's stack
    if (!replier.active) throw noRespondersError(subject); // unsubscribed (or closed) meanwhile
    try {
      return await replier.handler(payload, subject);
    } catch (thrown) {
      throw handlerError(subject, describeThrown(thrown));
    }
  }

  private awaitAnswer(answer: Promise<unknown>, subject: string, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        this.pendingAborts.delete(abort);
        settle();
      };
      const abort = () => finish(() => reject(new Error(`Bus closed while requesting ${subject}`)));
      const timer = setTimeout(() => finish(() => reject(timeoutError(subject, timeoutMs))), timeoutMs);
      this.pendingAborts.add(abort);
      answer.then(
        (value) => finish(() => resolve(value)),
        (error: unknown) => finish(() => reject(error)),
      );
    });
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('Bus is closed');
  }
}
