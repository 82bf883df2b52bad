/** A query string's values; empty ones (undefined, null, '') are left out. */
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query;
  json?: unknown;
  form?: FormData;
  /** Statuses the caller shows itself (a form shows a 400's fields and a 403's detail) instead of the app-wide routing. */
  handles?: readonly number[] | 'all';
  /**
   * The write replaces the session (a password change): calls made while it is in flight wait for its answer, so none goes out under the
   * session it ends.
   */
  replacesSession?: boolean;
  /** Headers the call sends besides the app's own (`If-Match`). */
  headers?: Record<string, string>;
}

/** An answer with its headers, for a caller that reads one (a case's `ETag`). */
export interface ApiAnswer<T> {
  body: T;
  headers: Headers;
}
