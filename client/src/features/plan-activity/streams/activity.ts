import { map, type Observable } from 'rxjs';
import { changesOf, coalesced, topics } from '../../../app/changes.ts';
import { activityApi, type ActivityRequest } from '../activity-api.ts';
import { activityDays, type ActivityDay } from '../activity-days.ts';

/** A page of activity as the page shows it. */
export interface ActivityPage {
  /** Records of every page (K6: rows, not days). */
  count: number;
  /** The page answered: the first one when the one asked for is gone. */
  current: number;
  days: ActivityDay[];
}

/** A page of the plan's activity, its records by the reader's day in the order asked for. */
export function activityPage(request: ActivityRequest): Observable<ActivityPage> {
  return activityApi
    .page(request)
    .pipe(
      map((answer) => ({ count: answer.count, current: answer.pages.current, days: activityDays(answer.results, request.newestFirst) })),
    );
}

/**
 * What may change a plan's activity: the project's plans, tests and results. A CI run posts
 * results in bursts, and each notice would refetch a page of up to 1,000 records: at most one a second.
 */
export function activityChanges(projectId: number): Observable<void> {
  return coalesced(changesOf(topics.plans(projectId)));
}
