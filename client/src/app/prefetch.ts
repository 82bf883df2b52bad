import type { UserConfig } from '@testament/contracts';
import { Observable, Subscription, catchError, shareReplay } from 'rxjs';

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

/** An answer on its way or in, and the subscription that keeps its request going until a screen takes it. */
interface Waiting {
  answer$: Observable<unknown>;
  warmUp: Subscription;
}

const kept = new Map<Fetch<never, unknown>, Map<string, Waiting>>();

/** A query's key, whatever order its fields were written in (the screen and its loader build the same query separately). */
export function queryKey(query: unknown): string {
  return JSON.stringify(query, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/** Stops keeping one answer; a request still on its way is called off (no screen will take it). */
function release(byQuery: Map<string, Waiting>, key: string, waiting: Waiting): void {
  if (byQuery.get(key) !== waiting) return;
  byQuery.delete(key);
  waiting.warmUp.unsubscribe();
}

/**
 * Sends `fetch(query)` now and keeps its answer for the first `takePrefetched` of the same fetch and query. An
 * answer of the same query kept from before (a plan left and opened again) gives way to this newer one.
 */
export function prefetch<Q, R>(fetch: Fetch<Q, R>, query: Q): void {
  const byQuery = kept.get(fetch) ?? new Map<string, Waiting>();
  kept.set(fetch, byQuery);
  const key = queryKey(query);
  const previous = byQuery.get(key);
  if (previous) release(byQuery, key, previous);
  // Counted subscribers: the request goes on while the warm-up or a screen that took it listens.
  const answer$ = fetch(query).pipe(shareReplay({ bufferSize: 1, refCount: true }));
  const waiting: Waiting = { answer$, warmUp: new Subscription() };
  byQuery.set(key, waiting);
  // A failed answer is not kept: the screen asks itself, and its own failure is the one the app shows (a 403 page).
  waiting.warmUp.add(answer$.subscribe({ error: () => release(byQuery, key, waiting) }));
  setTimeout(() => release(byQuery, key, waiting), PREFETCH_KEPT_MS);
}

/**
 * The answer asked for ahead of this fetch and query, taken so that the next fetch asks the server again; undefined
 * if none waits. Should the answer on its way fail, the screen asks the server itself.
 */
export function takePrefetched<Q, R>(fetch: Fetch<Q, R>, query: Q): Observable<R> | undefined {
  const byQuery = kept.get(fetch);
  const key = queryKey(query);
  const waiting = byQuery?.get(key);
  if (!byQuery || !waiting) return undefined;
  byQuery.delete(key);
  return new Observable<R>((subscriber) => {
    const taken = (waiting.answer$ as Observable<R>).pipe(catchError(() => fetch(query))).subscribe(subscriber);
    // The screen listens now: the warm-up may go, and the screen's leaving calls the request off as its own would be.
    waiting.warmUp.unsubscribe();
    return taken;
  });
}

/** A new screen is being entered: answers still waiting for the one left are called off (a click through a tree's plans). */
export function dropPrefetched(): void {
  for (const byQuery of kept.values()) for (const [key, waiting] of [...byQuery]) release(byQuery, key, waiting);
}

/** Where a route's screen is about to show, as its loader hands it to the screen's prefetch. */
export interface PrefetchPlace {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  /** The signed-in user's config: the settings (page sizes, chosen charts) the screen's queries follow. */
  config: UserConfig;
}
