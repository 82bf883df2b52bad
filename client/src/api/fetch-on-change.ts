import { EMPTY, type Observable, catchError, map, startWith, switchMap } from 'rxjs';

export interface Fetched<Q, R> {
  result: R;
  /** The query behind `result`; a newer one may be on its way. */
  query: Q;
}

/**
 * What a screen shows: fetched for every query, and again whenever it may have
 * changed (a live notice, a change made here: `afterChange`). A failed fetch keeps
 * what is on screen; the data layer has already reported it.
 */
export function fetchOnChange<Q, R>(
  query$: Observable<Q>,
  changes: (query: Q) => Observable<unknown>,
  fetch: (query: Q, afterChange: boolean) => Observable<R>,
): Observable<Fetched<Q, R>> {
  return query$.pipe(
    switchMap((query) =>
      changes(query).pipe(
        map(() => true),
        startWith(false),
        switchMap((afterChange) => fetch(query, afterChange).pipe(catchError(() => EMPTY))),
        map((result) => ({ result, query })),
      ),
    ),
  );
}
