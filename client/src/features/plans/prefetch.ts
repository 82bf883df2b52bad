import { prefetch, type PrefetchPlace } from '../../app/prefetch.ts';
import { prefetchStatistics } from '../plan-statistics/prefetch.ts';
import { prefetchTests } from '../tests/prefetch.ts';
import { planOrGone } from '../../entities/plan/plan-api.ts';

/** The plan page's own calls, asked for as its address is entered: the plan, its statistics and the first page of its tests. */
export function prefetchPlanPage({ params, search, config }: PrefetchPlace): void {
  const projectId = Number(params.projectId);
  const planId = params.planId ? Number(params.planId) : null;
  if (!Number.isInteger(projectId) || (planId !== null && !Number.isInteger(planId))) return;
  if (planId !== null) prefetch(planOrGone, planId);
  prefetchStatistics(config, projectId, planId, search);
  prefetchTests(config, projectId, planId, search);
}
