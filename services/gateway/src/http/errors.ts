import { messages } from '@testament/contracts';

/** No credentials, or credentials that no longer work: 401 with WWW-Authenticate (§2.2). */
export class NotAuthenticatedError extends Error {
  constructor(message: string = messages.notAuthenticated) {
    super(message);
    this.name = 'NotAuthenticatedError';
  }
}

/** The change is durable but the read models did not include it within the bounded wait (or, as said, they are still catching up). */
export class NotYetVisibleError extends Error {
  constructor(
    message = 'The change was saved but is not readable yet. Retry the read, or repeat the request with the same Idempotency-Key.',
  ) {
    super(message);
    this.name = 'NotYetVisibleError';
  }
}

/**
 * Said when a saved change is missing from the answer read back: the read model it is read from does not
 * show it (during an upgrade, an old copy the new code could not fold on shows it only from the switch).
 */
export const notReadableYet =
  'The change was saved, but it cannot be read back yet. Repeat the request with the same Idempotency-Key later to get its answer.';

/** Too many unsafe requests from one caller: 429 with Retry-After (DRF's throttling). */
export class ThrottledError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(retryAfterSeconds === 1 ? messages.throttledOneSecond : messages.throttled(retryAfterSeconds));
    this.name = 'ThrottledError';
  }
}

/** A URL longer than the server is willing to read: 414 with `{detail}`. */
export class UriTooLongError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UriTooLongError';
  }
}
