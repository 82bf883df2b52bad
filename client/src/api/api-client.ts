import { Observable, Subject, catchError, defer, finalize, from, map, switchMap, throwError } from 'rxjs';
import { READ_POSITION_HEADER, authRoutes, type RouteSet } from '@testament/contracts';
import { ApiError } from './api-error.ts';
import { UNSAFE_METHODS, readCsrfCookie } from './csrf.ts';
import { endpointsOf, type Endpoints } from './endpoints.ts';
import type { Failure } from './failures.ts';
import type { ApiAnswer, Query, RequestOptions } from './request.ts';

export type { ApiAnswer, Query, QueryValue, RequestOptions } from './request.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the client needs from the browser; tests hand in their own. */
export interface ApiEnvironment {
  fetch: typeof fetch;
  cookies(): string;
  /** Path and query of the page the user is on, to come back to after logging in again. */
  currentPath(): string;
}

export const LOGIN_PATH = '/login';

/**
 * The one way the app talks to the server: every call is a cold observable that
 * sends the cookies and the CSRF header, and every failure passes one router
 * (§2.3): 401 ends the session once, 403 and 404 show their pages, anything but
 * a 400 raises the internal-error toast. Unsubscribing aborts the request.
 */
export class ApiClient {
  /** Failures the routing acted on, for the shell to show. */
  readonly failures$ = new Subject<Failure>();
  /** The read models' position of each answer (READ_POSITION_HEADER), for the live channel. */
  readonly readPositions$ = new Subject<number>();
  private sessionEnding = false;
  /** Writes still waiting for their answer: one of them may replace the session (a password change does). */
  private readonly writesInFlight = new Set<Promise<unknown>>();
  /** The write in flight that replaces the session, if one is. */
  private sessionReplacing: Promise<unknown> | undefined;

  constructor(private readonly env: ApiEnvironment) {}

  /** A resource's operations as calls typed by their contracts: `api.endpoints(planRoutes).retrieve({ id })`. */
  endpoints<S extends RouteSet>(routes: S): Endpoints<S> {
    return endpointsOf(this, routes);
  }

  get<T>(path: string, options: RequestOptions = {}): Observable<T> {
    return this.request<T>('GET', path, options);
  }
  post<T>(path: string, options: RequestOptions = {}): Observable<T> {
    return this.request<T>('POST', path, options);
  }
  put<T>(path: string, options: RequestOptions = {}): Observable<T> {
    return this.request<T>('PUT', path, options);
  }
  patch<T>(path: string, options: RequestOptions = {}): Observable<T> {
    return this.request<T>('PATCH', path, options);
  }
  delete<T = void>(path: string, options: RequestOptions = {}): Observable<T> {
    return this.request<T>('DELETE', path, options);
  }

  request<T>(method: Method, path: string, options: RequestOptions = {}): Observable<T> {
    return this.answer<T>(method, path, options).pipe(map((answered) => answered.body));
  }

  /** A call whose answer's headers matter too; otherwise as `request`. */
  answer<T>(method: Method, path: string, options: RequestOptions = {}): Observable<ApiAnswer<T>> {
    const attempt = defer(() => from(this.ensureCsrfCookie(method))).pipe(
      switchMap(() => this.send<T>(method, withQuery(path, options.query), options)),
    );
    const sent = defer(() => {
      const sentUnder = readCsrfCookie(this.env.cookies());
      return attempt.pipe(
        catchError((error: unknown) =>
          from(this.sessionReplacedSince(sentUnder, error)).pipe(switchMap((replaced) => (replaced ? attempt : throwError(() => error)))),
        ),
      );
    });
    return defer(() => {
      if (options.replacesSession) return this.replacingSession(sent);
      const replacing = this.sessionReplacing;
      return replacing ? from(replacing).pipe(switchMap(() => sent)) : sent;
    }).pipe(catchError((error: unknown) => throwError(() => this.route(toApiError(error), options))));
  }

  /** The write that replaces the session, marked as in flight from the moment it is asked for until it has its answer (or is dropped). */
  private replacingSession<T>(write: Observable<T>): Observable<T> {
    let answered!: () => void;
    const replacing = new Promise<void>((resolve) => (answered = resolve));
    this.sessionReplacing = replacing;
    return write.pipe(
      finalize(() => {
        answered();
        if (this.sessionReplacing === replacing) this.sessionReplacing = undefined;
      }),
    );
  }

  /** Nobody is signed in (the server's session answer said so): off to the login page, remembering where the visitor was. */
  notSignedIn(): void {
    const returnTo = this.env.currentPath();
    if (!returnTo.startsWith(LOGIN_PATH)) this.failures$.next({ kind: 'session-expired', returnTo });
  }

  /** After a successful login: a later 401 is a new session ending. */
  sessionStarted(): void {
    this.sessionEnding = false;
  }

  /** Logs out on the server; failures are irrelevant because the session is over either way. */
  async logOut(): Promise<void> {
    await this.ensureCsrfCookie('POST');
    await this.env
      .fetch(authRoutes.logout.path, { method: 'POST', credentials: 'same-origin', headers: this.headers('POST') })
      .catch(() => undefined);
  }

  /**
   * Whether a 401 only means the request went out under a session that a write
   * in flight was replacing: a password change ends the old session and sets a
   * new one (and a new CSRF cookie) with its answer, while the live notice of
   * the change may already have sent refetches with the old cookie. Such a
   * request is sent once more instead of ending the session.
   */
  private async sessionReplacedSince(sentUnder: string | undefined, error: unknown): Promise<boolean> {
    if (!(error instanceof ApiError) || error.status !== 401) return false;
    await Promise.allSettled([...this.writesInFlight]);
    return readCsrfCookie(this.env.cookies()) !== sentUnder;
  }

  private route(error: ApiError, options: RequestOptions): ApiError {
    const { status } = error;
    const handledByCaller = options.handles === 'all' || (status !== null && options.handles?.includes(status));
    if (handledByCaller || status === 400) return error;
    error.routed = true;
    if (status === 401) {
      const returnTo = this.env.currentPath();
      if (returnTo.startsWith(LOGIN_PATH)) {
        error.routed = false; // The login page reports its own failures.
        return error;
      }
      // Concurrent calls all get 401; only the first ends the session and redirects.
      if (!this.sessionEnding) {
        this.sessionEnding = true;
        void this.logOut().then(() => this.failures$.next({ kind: 'session-expired', returnTo }));
      }
    } else if (status === 403) {
      this.failures$.next({ kind: 'forbidden', detail: error.detail });
    } else if (status === 404) {
      this.failures$.next({ kind: 'not-found' });
    } else {
      this.failures$.next({ kind: 'server-error', error });
    }
    return error;
  }

  private send<T>(method: Method, url: string, options: RequestOptions): Observable<ApiAnswer<T>> {
    return new Observable<ApiAnswer<T>>((subscriber) => {
      const abort = new AbortController();
      const init: RequestInit = {
        method,
        credentials: 'same-origin',
        headers: { ...this.headers(method), ...options.headers },
        signal: abort.signal,
      };
      if (options.form) init.body = options.form;
      else if (options.json !== undefined) {
        (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
        init.body = JSON.stringify(options.json);
      }
      const answered = this.env
        .fetch(url, init)
        .then(async (response) => {
          const body = await readBody(response);
          if (!response.ok) throw new ApiError(response.status, body);
          const readPosition = Number(response.headers.get(READ_POSITION_HEADER) ?? Number.NaN);
          if (Number.isInteger(readPosition)) this.readPositions$.next(readPosition);
          subscriber.next({ body: body as T, headers: response.headers });
          subscriber.complete();
        })
        .catch((error: unknown) => {
          if (!abort.signal.aborted) subscriber.error(error);
        });
      if (UNSAFE_METHODS.has(method)) {
        this.writesInFlight.add(answered);
        void answered.finally(() => this.writesInFlight.delete(answered));
      }

      return () => abort.abort();
    });
  }

  private headers(method: string): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = readCsrfCookie(this.env.cookies());
    if (UNSAFE_METHODS.has(method) && token) headers['X-CSRFToken'] = token;
    return headers;
  }

  /** The server checks CSRF on every unsafe call, login included, so make sure the cookie exists first. */
  private async ensureCsrfCookie(method: string): Promise<void> {
    if (!UNSAFE_METHODS.has(method) || readCsrfCookie(this.env.cookies())) return;
    await this.env.fetch(authRoutes.csrf.path, { credentials: 'same-origin' });
  }
}

function toApiError(error: unknown): ApiError {
  // No answer at all (network down, server stopped): keep the cause for the console log.
  return error instanceof ApiError ? error : new ApiError(null, error);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  return (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
}

function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
