import { EMPTY, Observable, catchError, combineLatest, map, startWith, switchMap } from 'rxjs';
import type { Paginated } from '../../../api/paginated.ts';
import type { Project } from '../../projects/project.ts';
import type { ProjectListQuery } from '../../projects/project-api.ts';

export interface ProjectList {
  page: Paginated<Project> | null;
  /** The query behind `page`; a newer query may be on its way. */
  query: ProjectListQuery | null;
}

/**
 * The dashboard's projects: fetched for every query, and again whenever the
 * list may have changed (a live notice, a change made here, another favourite,
 * since favourites come first). A failed fetch keeps what is on screen; the
 * data layer has already reported it.
 */
export function projectList(
  query$: Observable<ProjectListQuery>,
  changes$: Observable<unknown>,
  favorites$: Observable<readonly number[]>,
  fetch: (query: ProjectListQuery) => Observable<Paginated<Project>>,
): Observable<ProjectList> {
  return combineLatest([query$, favorites$]).pipe(
    switchMap(([query]) =>
      changes$.pipe(
        startWith(undefined),
        switchMap(() => fetch(query).pipe(catchError(() => EMPTY))),
        map((page): ProjectList => ({ page, query })),
      ),
    ),
  );
}
