import { Subject, merge, type Observable } from 'rxjs';
import { live } from '../../app/services.ts';

/** Changes made in this browser; the server answers after its read models caught up, so a refetch sees them. */
export const localProjectChanges$ = new Subject<void>();

/** When the project list may differ: a change here, or a notice on the live channel from anyone else. */
export function projectListChanges(): Observable<void> {
  return merge(localProjectChanges$, live.changes('projects'));
}

export function projectChanges(projectId: number): Observable<void> {
  return merge(localProjectChanges$, live.changes(`project:${projectId}`));
}
