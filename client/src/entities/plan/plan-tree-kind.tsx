import { of } from 'rxjs';
import { topics } from '../../app/changes.ts';
import type { TreeKind } from '../../shared/tree/tree-kind.ts';
import { gonePlans, planApi, planLevel, type Plan } from './plan-api.ts';
import { planPaths } from './plan-paths.ts';
import { PlanProgress } from './PlanProgress.tsx';

/** The plans tree: `testplans/` levels with Show Archived, plan pages, and a progress popover (§2 Tree bar). */
export const planTreeKind: TreeKind<Plan> = {
  mode: 'plans',
  sortFields: ['name', 'id', 'started_at', 'created_at'],
  archivable: true,
  texts: {
    label: 'plans.tree.label',
    search: 'plans.tree.search',
    empty: 'plans.tree.empty',
    breadcrumbs: 'plans.tree.breadcrumbs',
    info: 'plans.tree.progress',
    sortFields: 'plans.tree.sortFields',
  },
  infoIcon: 'pi pi-chart-bar',
  topic: topics.plans,
  level: planLevel,
  breadcrumbs: (id) => (gonePlans.has(id) ? of(null) : planApi.breadcrumbs(id)),
  path: planPaths.plan,
  // The title carries the parameter values, which tell a parametrised plan's copies apart.
  nameOf: (plan) => plan.title,
  renderInfo: (plan, projectId) => <PlanProgress projectId={projectId} plan={plan} />,
};
