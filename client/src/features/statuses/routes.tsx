import { page, type FeatureRoutes } from '../../app/routing.ts';

/** The project's statuses tab. */
export const routes: FeatureRoutes = {
  routes: [
    {
      under: 'project',
      route: { path: 'statuses', lazy: () => page(import('./StatusesTab.tsx'), 'StatusesTab') },
      tab: { order: 30, icon: 'pi pi-circle', label: 'projectPage.tabs.statuses' },
    },
  ],
};
