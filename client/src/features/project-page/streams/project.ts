import { EMPTY, type Observable, catchError, startWith, switchMap } from 'rxjs';
import type { Project } from '../../../entities/project/project.ts';

/**
 * One project, fetched again whenever it may have changed. A failure ends the
 * stream: the data layer has already shown the error page (403, 404) or toast.
 */
export function projectStream(
  projectId$: Observable<number>,
  changes: (projectId: number) => Observable<unknown>,
  fetch: (projectId: number) => Observable<Project>,
): Observable<Project> {
  return projectId$.pipe(
    switchMap((projectId) =>
      changes(projectId).pipe(
        startWith(undefined),
        switchMap(() => fetch(projectId)),
      ),
    ),
    catchError(() => EMPTY),
  );
}
