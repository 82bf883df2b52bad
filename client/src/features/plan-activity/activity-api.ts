import { planRoutes, type PlanActivity, type Status } from '@testament/contracts';
import type { Observable } from 'rxjs';
import { firstPageIfGone } from '../../api/paginated.ts';
import { api } from '../../app/services.ts';
import { activityQuery, type ActivityView } from './activity-view.ts';

export type ActivityRequest = ActivityView & { planId: number };

const plans = api.endpoints(planRoutes);

/** Calls of the plan activity page (§3.4 Activity). A plan deleted meanwhile answers 404, and its page leaves. */
export const activityApi = {
  /** A page of the plan subtree's result history, grouped by day; a page gone meanwhile falls back to the first. */
  page: firstPageIfGone(
    ({ planId, ...view }: ActivityRequest): Observable<PlanActivity> =>
      plans.activity({ id: planId, query: activityQuery(view) }, { handles: [404] }),
  ),
  /** The statuses the subtree's history holds, for the status filter. */
  statuses: (planId: number): Observable<Status[]> => plans.activityStatuses({ id: planId }, { handles: [404] }),
};
