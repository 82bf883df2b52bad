import type { UserConfig } from '@testament/contracts';
import { catchError, shareReplay, type Observable } from 'rxjs';

/**
 * Answers asked for ahead of the screen that shows them. A route's loader starts its screen's
 * calls as the address is entered, while the screen's code loads and the app draws its first
 * frame (on a plan page the calls went out about half a second after navigation, the first
 * render's length after the answer to who is signed in); the screen's first fetch of the same
 * query then takes the answer on its way instead of asking again.
 */

/** How long an answer asked for ahead waits for its screen; one never taken (the user went elsewhere) is dropped. */
export const PREFETCH_KEPT_MS = 10_000;

type Fetch<Q, R> = (query: Q) => Observable<R>;

const kept = new Map<Fetch<never, unknown>, Map<string, Observable<unknown>>>();

/** A query's key, whatever order its fields were written in (the screen and its loader build the same query separately). */
export function queryKey(query: unknown): string {
  return JSON.stringify(query, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : value,
  );
}

/**
 * Sends `fetch(query)` now and keeps its answer for the first `takePrefetched` of the same fetch and query. An
 * answer of the same query kept from before (a plan left and opened again) gives way to this newer one.
 */
export function prefetch<Q, R>(fetch: Fetch<Q, R>, query: Q): void {
  const byQuery = kept.get(fetch) ?? new Map<string, Observable<unknown>>();
  kept.set(fetch, byQuery);
  const key = queryKey(query);
  const answer$ = fetch(query).pipe(shareReplay(1));
  const drop = () => {
    if (byQuery.get(key) === answer$) byQuery.delete(key);
  };
  byQuery.set(key, answer$);
  // A failed answer is not kept: the screen asks itself, and its own failure is the one the app shows (a 403 page).
  answer$.subscribe({ error: drop });
  setTimeout(drop, PREFETCH_KEPT_MS);
}

/**
 * The answer asked for ahead of this fetch and query, taken so that the next fetch asks the server again; undefined
 * if none waits. Should the answer on its way fail, the screen asks the server itself.
 */
export function takePrefetched<Q, R>(fetch: Fetch<Q, R>, query: Q): Observable<R> | undefined {
  const byQuery = kept.get(fetch);
  const key = queryKey(query);
  const answer$ = byQuery?.get(key) as Observable<R> | undefined;
  byQuery?.delete(key);
  return answer$?.pipe(catchError(() => fetch(query)));
}

/** Where a route's screen is about to show, as its loader hands it to the screen's prefetch. */
export interface PrefetchPlace {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  /** The signed-in user's config: the settings (page sizes, chosen charts) the screen's queries follow. */
  config: UserConfig;
}
