import type { Observable } from 'rxjs';
import { announceChange, changesOf, topics } from '../../app/changes.ts';

/** A project changed here: the lists and its own page refetch. */
export function announceProjectChange(projectId: number): void {
  announceChange(topics.projects, topics.project(projectId));
}

/** When the project list may differ. */
export function projectListChanges(): Observable<void> {
  return changesOf(topics.projects);
}

/** When one project may differ; catalogue and member changes announce the project too. */
export function projectChanges(projectId: number): Observable<void> {
  return changesOf(topics.project(projectId));
}
