import { page, type FeatureRoutes } from '../../app/routing.ts';

/** The project's labels tab. */
export const routes: FeatureRoutes = {
  routes: [
    {
      under: 'project',
      route: { path: 'labels', lazy: () => page(import('./LabelsTab.tsx'), 'LabelsTab') },
      tab: { order: 20, icon: 'pi pi-tags', label: 'projectPage.tabs.labels' },
    },
  ],
};
