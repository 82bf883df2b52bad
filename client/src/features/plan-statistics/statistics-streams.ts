import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { NEVER, debounceTime, map, type Observable } from 'rxjs';
import { changesOf, coalesced, topics } from '../../app/changes.ts';
import { useLiveQuery, type LiveQuery } from '../../app/use-live-query.ts';
import type { StatisticsScope } from './statistics-api.ts';

/** §9: the statistics ask the server once the tests filter has stood still this long. */
export const STATISTICS_DEBOUNCE_MS = 1000;

/** The value once it has stood still for `ms` (compared as JSON); the first one at once. */
export function useSettled<T>(value: T, ms: number): T {
  const key = JSON.stringify(value);
  const settled$ = useObservable(
    (inputs$: Observable<[string]>) =>
      inputs$.pipe(
        map(([latest]) => latest),
        debounceTime(ms),
      ),
    [key],
  );
  const settled = useObservableState(settled$, key);
  return useMemo(() => JSON.parse(settled) as T, [settled]);
}

/**
 * A statistics answer that follows results added anywhere in the project's
 * plans; each answer is a walk over a whole subtree, so a burst of notices
 * refetches about once a second. The past (`asOf`) does not change: no refetch then.
 */
export function useStatistics<Q extends StatisticsScope, R>(query: Q, fetch: (query: Q) => Observable<R>): LiveQuery<R> {
  return useLiveQuery(query, (scope) => (scope.asOf ? NEVER : coalesced(changesOf(topics.plans(scope.projectId)))), fetch);
}
