import type { UserConfig } from '@testament/contracts';
import { prefetch } from '../../app/prefetch.ts';
import { asOfIn } from '../../shared/as-of/as-of.ts';
import { testConditions, testFilterCodec } from '../../entities/test/test-filter.ts';
import { statisticsApi, type StatisticsScope } from './statistics-api.ts';
import { histogramAttribute, shownSegment, statisticsSettings } from './statistics-settings.ts';

/**
 * Asks ahead for what `PlanStatistics` will show on a plan's page (or the project's, `planId` null) at this
 * address for this user: the segment they chose, over the tests filter in the address. The queries are the
 * components' own; a test renders the page after this and checks that nothing was asked twice.
 */
export function prefetchStatistics(config: UserConfig, projectId: number, planId: number | null, search: URLSearchParams): void {
  const settings = statisticsSettings(config, planId);
  if (!settings.open) return;
  const filter = testFilterCodec.fromParams(search);
  const asOf = planId === null ? null : asOfIn(search);
  const scope: StatisticsScope = { projectId, planId, conditions: testConditions(filter), asOf };
  const segment = shownSegment(settings, asOf);
  if (segment === 'pie') prefetch(statisticsApi.slices, { ...scope, period: settings.period });
  else if (segment === 'child') prefetch(statisticsApi.childPlans, { ...scope, period: settings.period, archived: filter.showArchived });
  else {
    const attribute = histogramAttribute(settings);
    if (attribute !== '') prefetch(statisticsApi.histogram, { ...scope, range: settings.range, attribute });
  }
}
