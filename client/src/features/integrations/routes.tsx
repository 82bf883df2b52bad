import { page, type FeatureRoutes } from '../../app/routing.ts';

/** The project's integrations tab. */
export const routes: FeatureRoutes = {
  routes: [
    {
      under: 'project',
      route: { path: 'integrations', lazy: () => page(import('./IntegrationsTab.tsx'), 'IntegrationsTab') },
      tab: { order: 50, icon: 'pi pi-link', label: 'projectPage.tabs.integrations' },
    },
  ],
};
