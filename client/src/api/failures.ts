import type { ApiError } from './api-error.ts';

/** What the app-wide error routing decided about a failed call; the shell acts on it. */
export type Failure =
  | { kind: 'session-expired'; returnTo: string }
  | { kind: 'forbidden'; detail: string | undefined }
  | { kind: 'not-found' }
  | { kind: 'server-error'; error: ApiError };
