import { of } from 'rxjs';
import { topics } from '../../../app/changes.ts';
import { goneSuites, suiteApi, type Suite } from '../../../entities/suite/suite-api.ts';
import { suitePaths } from '../../../shared/tree/suite-paths.ts';
import { SuiteInfo } from './SuiteInfo.tsx';
import { levelOf, type TreeKind } from '../../../shared/tree/tree-kind.ts';

/**
 * The suites tree: `suites/` levels, suite pages, each suite's cases counted over its subtree, and an info popover of counts (§2 Tree bar).
 */
export const suiteTreeKind: TreeKind<Suite> = {
  mode: 'suites',
  sortFields: ['name', 'id', 'created_at', 'total_cases_count'],
  archivable: false,
  texts: {
    label: 'suites.tree.label',
    search: 'suites.tree.search',
    empty: 'suites.tree.empty',
    breadcrumbs: 'suites.tree.breadcrumbs',
    info: 'suites.tree.info',
    sortFields: 'suites.tree.sortFields',
  },
  infoIcon: 'pi pi-info-circle',
  topic: topics.suites,
  level: levelOf(suiteApi.level),
  breadcrumbs: (id) => (goneSuites.has(id) ? of(null) : suiteApi.breadcrumbs(id)),
  path: (projectId, id) => suitePaths.suite(projectId, id),
  nameOf: (suite) => suite.name,
  countOf: (suite) => ({ count: suite.total_cases_count, text: 'suites.tree.casesInSubtree' }),
  renderInfo: (suite) => <SuiteInfo suite={suite} />,
};
