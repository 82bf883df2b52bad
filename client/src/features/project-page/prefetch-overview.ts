import { prefetch, type PrefetchPlace } from '../../app/prefetch.ts';
import { lastDays } from '../../i18n/dates.ts';
import { statisticsApi } from '../plan-statistics/statistics-api.ts';
import { PROGRESS_DAYS, overviewApi, recentActivityQuery } from './overview-api.ts';

/**
 * The overview's cards' calls, asked for as its address is entered: without this they waited for the
 * project's own answer, which the tab is drawn from, a round of calls later.
 */
export function prefetchProjectOverview({ params }: PrefetchPlace): void {
  const projectId = Number(params['projectId']);
  if (!Number.isInteger(projectId)) return;
  prefetch(statisticsApi.histogram, recentActivityQuery(projectId));
  prefetch(overviewApi.statistics, projectId);
  prefetch(overviewApi.progress, { projectId, period: lastDays(PROGRESS_DAYS) });
}
