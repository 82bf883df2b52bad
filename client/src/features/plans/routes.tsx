import { charted, page, prefetching, type FeatureRoutes } from '../../app/routing.ts';
import { prefetchPlanPage } from './prefetch.ts';

/** The plans workspace (its tree bar beside a plan, a plan form, or the project's root), whose pages features add (`under: 'plans'`). */
export const routes: FeatureRoutes = {
  routes: [
    {
      under: 'app',
      holds: 'plans',
      route: { path: 'projects/:projectId/plans', lazy: () => page(import('./PlansWorkspace.tsx'), 'PlansWorkspace') },
    },
    {
      under: 'plans',
      route: { index: true, lazy: () => charted(page(import('./page/PlanPage.tsx'), 'PlanPage')), ...prefetching(prefetchPlanPage) },
    },
    { under: 'plans', route: { path: 'new-test-plan', lazy: () => page(import('./form/PlanFormPage.tsx'), 'PlanFormPage') } },
    { under: 'plans', route: { path: ':planId/edit-test-plan', lazy: () => page(import('./form/PlanFormPage.tsx'), 'PlanFormPage') } },
    {
      under: 'plans',
      route: {
        path: ':planId/:tab?',
        lazy: () => charted(page(import('./page/PlanPage.tsx'), 'PlanPage')),
        ...prefetching(prefetchPlanPage),
      },
    },
  ],
  nav: [
    {
      section: 'project',
      order: 20,
      to: (projectId) => `/projects/${projectId}/plans`,
      icon: 'pi pi-list-check',
      label: 'shell.nav.plans',
    },
  ],
};
