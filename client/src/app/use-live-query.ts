import { useObservable, useObservableState } from 'observable-hooks';
import { useRef } from 'react';
import { map, type Observable } from 'rxjs';
import { fetchOnChange, type Fetched } from '../api/fetch-on-change.ts';
import { takePrefetched } from './prefetch.ts';

export interface LiveQuery<R> {
  /** The latest answer, or null before the first one. */
  data: R | null;
  /** True while an answer for a newer query is on its way. */
  stale: boolean;
}

/**
 * `fetchOnChange` for a component. The query (plain JSON) is compared by value, so a new
 * object with the same content does not refetch. `changes` and `fetch` may be
 * new functions on every render; the latest ones are used. A fetch that is not a refetch after a
 * change takes an answer a route asked for ahead (`prefetch`) for the same fetch and query.
 */
export function useLiveQuery<Q, R>(query: Q, changes: (query: Q) => Observable<unknown>, fetch: (query: Q) => Observable<R>): LiveQuery<R> {
  const latest = useRef({ changes, fetch });
  latest.current = { changes, fetch };
  const key = JSON.stringify(query) ?? 'null';
  const fetched$ = useObservable(
    (inputs$) =>
      fetchOnChange(
        inputs$.pipe(map(([queryKey]) => JSON.parse(queryKey) as Q)),
        (q) => latest.current.changes(q),
        // An answer asked ahead was read before the change a refetch is for: only a first fetch takes one.
        (q, afterChange) => (afterChange ? undefined : takePrefetched(latest.current.fetch, q)) ?? latest.current.fetch(q),
      ),
    [key],
  );
  const fetched = useObservableState<Fetched<Q, R> | null>(fetched$, null);
  return { data: fetched?.result ?? null, stale: fetched !== null && JSON.stringify(fetched.query) !== key };
}
