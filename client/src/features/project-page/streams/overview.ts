import { merge, type Observable } from 'rxjs';
import { changesOf, coalesced, topics } from '../../../app/changes.ts';

/**
 * What may change the overview's figures: the project, and its plans, tests and results
 * (a CI run posts results in bursts, so at most one refetch a second).
 */
export function overviewChanges(projectId: number): Observable<void> {
  return coalesced(merge(changesOf(topics.project(projectId)), changesOf(topics.plans(projectId))));
}
