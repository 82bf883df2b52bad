import { catchError, throwError, type Observable } from 'rxjs';
import type { Paginated } from '@testament/contracts';
import { isApiError } from './api-error.ts';

export type { Paginated } from '@testament/contracts';

export type PageQuery = {
  page: number;
  page_size: number;
};

/** Page sizes a table offers (§9). */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/**
 * A page past the end answers 404 (§2.4): that happens when the last rows of
 * the last page go away, and then the first page is what there is to show.
 * Callers ask with `handles: [404]` so the miss is not an error page.
 */
export function firstPageIfGone<Q extends PageQuery, T>(fetch: (query: Q) => Observable<Paginated<T>>): (query: Q) => Observable<Paginated<T>> {
  return (query) =>
    fetch(query).pipe(
      catchError((error: unknown) => (isApiError(error) && error.status === 404 && query.page > 1 ? fetch({ ...query, page: 1 }) : throwError(() => error))),
    );
}
