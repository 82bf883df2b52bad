/**
 * Bus over core NATS (no JetStream): notices are plain publishes, requests use NATS
 * request/reply. Payloads travel as JSON; `undefined` travels as an empty message.
 *
 * Replies travel in an envelope, `{ok: true, value}` or `{ok: false, error}`, so that a
 * handler failure reaches the requester as `BusRequestError('handler_error')` instead of
 * being mistaken for an answer or left to time out.
 */
import {
  InvalidArgumentError,
  NoRespondersError,
  RequestError,
  TimeoutError,
  connect,
  type Msg,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';
import type { Bus, ReplyHandler, Unsubscribe } from '../ports/bus.ts';
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  type HandlerErrorListener,
  type RemoteError,
  describeThrown,
  handlerError,
  invokeSubscriber,
  noRespondersError,
  payloadTooLargeError,
  reportToConsole,
  timeoutError,
} from './bus-errors.ts';
import { assertPublishSubject, assertSubscribePattern } from './subject.ts';

/** All repliers join one queue group per subject, so the server hands each request to one of them. */
const REPLIER_QUEUE_GROUP = 'testament-repliers';
/** How long closing waits for replies being computed; a hung handler must not hang shutdown. */
const CLOSE_GRACE_MS = 5_000;

type ReplyEnvelope = { ok: true; value?: unknown } | { ok: false; error: RemoteError };

export interface NatsBusOptions {
  /** Connection name, shown by the server's monitoring. */
  name?: string;
  /** Called when a subscriber fails or a reply cannot be sent; nobody else would see it. */
  onHandlerError?: HandlerErrorListener;
}

export class NatsBus implements Bus {
  private readonly subscriptions = new Set<Subscription>();
  /** Replies being computed; closing waits for them so their requesters get an answer. */
  private readonly repliesInFlight = new Set<Promise<void>>();
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly connection: NatsConnection,
    private readonly onHandlerError: HandlerErrorListener,
  ) {}

  static async connect(url: string, options: NatsBusOptions = {}): Promise<NatsBus> {
    // A service outlives a NATS restart: it reconnects for as long as it runs (the client gives up after ten tries by default).
    const connection = await connect({ servers: url, name: options.name, maxReconnectAttempts: -1 });
    return new NatsBus(connection, options.onHandlerError ?? reportToConsole);
  }

  publish(subject: string, payload: unknown): void {
    assertPublishSubject(subject);
    this.connection.publish(subject, encodeJson(payload)); // throws once the connection is closed
  }

  subscribe(subject: string, handler: (payload: unknown, subject: string) => void): Unsubscribe {
    return this.listen(subject, undefined, (msg) => this.deliver(msg, handler));
  }

  async request(subject: string, payload: unknown, options: { timeoutMs?: number } = {}): Promise<unknown> {
    assertPublishSubject(subject);
    const timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    let answer: Msg;
    try {
      answer = await this.connection.request(subject, encodeJson(payload), { timeout: timeoutMs });
    } catch (error) {
      throw translateRequestError(error, subject, timeoutMs);
    }
    const envelope = decodeJson(answer.data);
    if (!isReplyEnvelope(envelope)) throw new Error(`Reply to ${subject} is not a bus reply envelope`);
    if (envelope.ok) return envelope.value;
    throw handlerError(subject, envelope.error);
  }

  reply(subject: string, handler: ReplyHandler): Unsubscribe {
    return this.listen(subject, REPLIER_QUEUE_GROUP, (msg) => this.answer(msg, handler));
  }

  async flush(): Promise<void> {
    await this.connection.flush();
  }

  /**
   * Graceful and idempotent: stops receiving, lets messages already received and replies
   * being computed finish, sends everything pending, then closes the connection.
   */
  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    if (this.connection.isClosed()) return;
    const subscriptions = [...this.subscriptions];
    this.subscriptions.clear();
    await Promise.all(subscriptions.map((subscription) => subscription.drain().catch(() => undefined)));
    await settledWithin(Promise.all(this.repliesInFlight), CLOSE_GRACE_MS);
    await this.connection.drain();
  }

  private listen(subject: string, queue: string | undefined, onMessage: (msg: Msg) => void): Unsubscribe {
    if (this.closing) throw new Error('Bus is closed');
    assertSubscribePattern(subject);
    const subscription = this.connection.subscribe(subject, {
      queue,
      callback: (error, msg) => (error ? this.onHandlerError(error, subject) : onMessage(msg)),
    });
    this.subscriptions.add(subscription);
    return () => {
      if (!this.subscriptions.delete(subscription)) return; // already unsubscribed or closing
      if (!this.connection.isClosed()) subscription.unsubscribe();
    };
  }

  private deliver(msg: Msg, handler: (payload: unknown, subject: string) => void): void {
    let payload: unknown;
    try {
      payload = decodeJson(msg.data);
    } catch (error) {
      this.onHandlerError(error, msg.subject); // a foreign publisher sent something that is not JSON
      return;
    }
    invokeSubscriber(handler, payload, msg.subject, this.onHandlerError);
  }

  private answer(msg: Msg, handler: ReplyHandler): void {
    if (!msg.reply) {
      this.onHandlerError(new Error('Published (not requested) on a reply subject; ignored'), msg.subject);
      return;
    }
    const inFlight = computeReply(msg, handler).then((envelope) => this.respond(msg, envelope));
    this.repliesInFlight.add(inFlight);
    void inFlight.finally(() => this.repliesInFlight.delete(inFlight));
  }

  private respond(msg: Msg, envelope: ReplyEnvelope): void {
    try {
      msg.respond(encodeReply(envelope));
    } catch (error) {
      this.onHandlerError(error, msg.subject); // e.g. the connection closed meanwhile
    }
  }
}

async function computeReply(msg: Msg, handler: ReplyHandler): Promise<ReplyEnvelope> {
  try {
    const value = await handler(decodeJson(msg.data), msg.subject);
    return { ok: true, value };
  } catch (thrown) {
    return { ok: false, error: describeThrown(thrown) };
  }
}

/** A value that JSON cannot carry (BigInt, cycles) is the handler's failure, reported as such. */
function encodeReply(envelope: ReplyEnvelope): Uint8Array {
  try {
    return encodeJson(envelope);
  } catch (error) {
    return encodeJson({ ok: false, error: describeThrown(error) });
  }
}

function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    work.then(done, done);
  });
}

function translateRequestError(error: unknown, subject: string, timeoutMs: number): unknown {
  const cause = error instanceof RequestError ? error.cause : error;
  if (cause instanceof NoRespondersError) return noRespondersError(subject);
  if (cause instanceof TimeoutError) return timeoutError(subject, timeoutMs);
  if (cause instanceof InvalidArgumentError && cause.message.includes('max_payload')) return payloadTooLargeError(subject);
  return error; // closed connection and the like: not a request outcome the port names
}

function isReplyEnvelope(value: unknown): value is ReplyEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const { ok, error } = value as { ok?: unknown; error?: unknown };
  return ok === true || (ok === false && typeof error === 'object' && error !== null);
}

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder();

function encodeJson(value: unknown): Uint8Array {
  const text = JSON.stringify(value);
  return text === undefined ? new Uint8Array(0) : textEncoder.encode(text);
}

function decodeJson(data: Uint8Array): unknown {
  return data.length === 0 ? undefined : JSON.parse(textDecoder.decode(data));
}
