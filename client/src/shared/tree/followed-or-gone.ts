import { catchError, of, throwError, type Observable } from 'rxjs';
import { isApiError } from '../../api/api-error.ts';

/** What a page following a node gets once the node is gone: deleted here, or elsewhere meanwhile (a 404). */
export const GONE = 'gone' as const;

/** A node's page asks for it, unless it is being deleted here; a 404 means it went meanwhile. */
export function followedOrGone<T>(
  follow: (id: number) => Observable<T>,
  gone: { has(id: number): boolean },
): (id: number) => Observable<T | typeof GONE> {
  return (id) =>
    gone.has(id)
      ? of(GONE)
      : follow(id).pipe(catchError((error: unknown) => (isApiError(error) && error.status === 404 ? of(GONE) : throwError(() => error))));
}
