import { EMPTY, catchError, expand, forkJoin, map, of, reduce, throwError, type Observable } from 'rxjs';
import type { Paginated } from '@testament/contracts';
import { isApiError } from './api-error.ts';

export type { Paginated } from '@testament/contracts';

export type PageQuery = {
  page: number;
  page_size: number;
};

/** Page sizes a table offers (§9). */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/** A tree level comes in pages of 99 (§9). */
export const TREE_PAGE_SIZE = 99;

/**
 * A page past the end answers 404 (§2.4): that happens when the last rows of
 * the last page go away, and then the first page is what there is to show.
 * Callers ask with `handles: [404]` so the miss is not an error page.
 */
export function firstPageIfGone<Q extends PageQuery, R>(fetch: (query: Q) => Observable<R>): (query: Q) => Observable<R> {
  return (query) =>
    fetch(query).pipe(
      catchError((error: unknown) =>
        isApiError(error) && error.status === 404 && query.page > 1 ? fetch({ ...query, page: 1 }) : throwError(() => error),
      ),
    );
}

/**
 * The first `pages` pages of a list as one, the way a "Load more" list shows
 * them. A later page that is gone (rows went away meanwhile) answers 404,
 * which the fetch is told it handles, and counts as empty.
 */
export function firstPagesJoined<T>(
  pages: number,
  fetchPage: (page: number, handles: number[]) => Observable<Paginated<T>>,
): Observable<{ results: T[]; count: number }> {
  const pageOrGone = (page: number) =>
    fetchPage(page, page > 1 ? [404] : []).pipe(
      catchError((error: unknown) => (page > 1 && isApiError(error) && error.status === 404 ? of(null) : throwError(() => error))),
    );
  return forkJoin(Array.from({ length: pages }, (_, index) => pageOrGone(index + 1))).pipe(
    map((answers) => ({ results: answers.flatMap((answer) => answer?.results ?? []), count: answers[0]?.count ?? 0 })),
  );
}

/** The ids of every row of a list, a page at a time from the first until there is no next. */
export function everyId(fetchPage: (page: number) => Observable<Paginated<{ id: number }>>): Observable<number[]> {
  return fetchPage(1).pipe(
    expand((answer) => (answer.pages.next === null ? EMPTY : fetchPage(answer.pages.next))),
    reduce((ids: number[], answer) => [...ids, ...answer.results.map((found) => found.id)], []),
  );
}
