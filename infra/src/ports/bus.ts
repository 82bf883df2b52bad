/**
 * Bus port: fire-and-forget notices (publish/subscribe) and request/reply.
 * Subjects are dot-separated tokens; subscriptions accept NATS wildcards:
 * `*` matches one token, `>` (last token only) matches one or more tokens.
 * Payloads are JSON-serialisable values. Adapters: in-process and NATS.
 */

export type Unsubscribe = () => void;

export type ReplyHandler = (payload: unknown, subject: string) => Promise<unknown> | unknown;

export class BusRequestError extends Error {
  constructor(
    message: string,
    /** `payload_too_large`: the transport refused the request before sending it (NATS's `max_payload`, 1 MB by default). */
    readonly code: 'no_responders' | 'timeout' | 'handler_error' | 'payload_too_large',
    readonly remote?: unknown,
  ) {
    super(message);
    this.name = 'BusRequestError';
  }
}

export interface Bus {
  publish(subject: string, payload: unknown): void;
  subscribe(subject: string, handler: (payload: unknown, subject: string) => void): Unsubscribe;
  /**
   * Sends a request to one replier of `subject` and resolves with its answer.
   * A handler that throws rejects the request with `BusRequestError('handler_error')`
   * whose `remote` carries `{name, message, ...serialisable own fields}` of the thrown error.
   */
  request(subject: string, payload: unknown, options?: { timeoutMs?: number }): Promise<unknown>;
  /** Serves requests on `subject`; with several repliers each request goes to one of them. */
  reply(subject: string, handler: ReplyHandler): Unsubscribe;
  /** Resolves when everything published so far has reached the transport. */
  flush(): Promise<void>;
  close(): Promise<void>;
}
