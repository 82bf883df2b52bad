import { page, type FeatureRoutes } from '../../app/routing.ts';

/** The project's parameters tab. */
export const routes: FeatureRoutes = {
  routes: [
    {
      under: 'project',
      route: { path: 'parameters', lazy: () => page(import('./ParametersTab.tsx'), 'ParametersTab') },
      tab: { order: 10, icon: 'pi pi-sliders-h', label: 'projectPage.tabs.parameters' },
    },
  ],
};
