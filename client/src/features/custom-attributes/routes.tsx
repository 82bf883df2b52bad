import { page, type FeatureRoutes } from '../../app/routing.ts';

/** The project's custom attributes tab. */
export const routes: FeatureRoutes = {
  routes: [
    {
      under: 'project',
      route: { path: 'custom-attributes', lazy: () => page(import('./CustomAttributesTab.tsx'), 'CustomAttributesTab') },
      tab: { order: 40, icon: 'pi pi-list', label: 'projectPage.tabs.custom-attributes' },
    },
  ],
};
