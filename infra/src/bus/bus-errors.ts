/**
 * How a reply handler's failure reaches the requester, identically for every adapter:
 * the thrown value becomes a plain JSON object `{name, message, ...own fields}` and the
 * requester rejects with `BusRequestError('handler_error')` carrying it as `remote`.
 */
import { BusRequestError } from '../ports/bus.ts';

export interface RemoteError {
  name: string;
  message: string;
  [field: string]: unknown;
}

/** Turns whatever a handler threw into a JSON-safe description of it. */
export function describeThrown(thrown: unknown): RemoteError {
  if (!(thrown instanceof Error)) {
    return { name: 'Error', message: String(thrown) };
  }
  const described: RemoteError = { name: thrown.name, message: thrown.message };
  for (const [field, value] of Object.entries(thrown)) {
    const safe = jsonSafe(value);
    if (safe !== undefined) described[field] = safe;
  }
  // `name` and `message` win over any own field of the same name.
  described.name = thrown.name;
  described.message = thrown.message;
  return described;
}

/** A JSON round-tripped copy of `value`, or undefined when it cannot be serialised. */
function jsonSafe(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined; // cycles, BigInt, throwing toJSON: leave the field out
  }
}

export function handlerError(subject: string, remote: RemoteError): BusRequestError {
  return new BusRequestError(`Request to ${subject} failed in its handler: ${remote.message}`, 'handler_error', remote);
}

export function noRespondersError(subject: string): BusRequestError {
  return new BusRequestError(`No responders for ${subject}`, 'no_responders');
}

export function payloadTooLargeError(subject: string): BusRequestError {
  return new BusRequestError(`The request to ${subject} is larger than the bus carries`, 'payload_too_large');
}

export function timeoutError(subject: string, timeoutMs: number): BusRequestError {
  return new BusRequestError(`Request to ${subject} timed out after ${timeoutMs} ms`, 'timeout');
}

/** Default for handler failures nobody awaits (subscribers, undeliverable replies). */
export function reportToConsole(error: unknown, subject: string): void {
  console.error(`[bus] handler for ${subject} failed:`, error);
}

export type HandlerErrorListener = (error: unknown, subject: string) => void;

/**
 * Runs a subscriber so that its failure, thrown or (for an `async` handler) rejected,
 * goes to `onError` instead of the transport that delivered the message.
 */
export function invokeSubscriber(
  handler: (payload: unknown, subject: string) => void,
  payload: unknown,
  subject: string,
  onError: HandlerErrorListener,
): void {
  try {
    const result: unknown = handler(payload, subject);
    if (result instanceof Promise) result.catch((error: unknown) => onError(error, subject));
  } catch (error) {
    onError(error, subject);
  }
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 5000;
