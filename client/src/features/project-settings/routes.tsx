import { page, type FeatureRoutes } from '../../app/routing.ts';

/** The project's settings tab. */
export const routes: FeatureRoutes = {
  routes: [
    {
      under: 'project',
      route: { path: 'settings', lazy: () => page(import('./ProjectSettingsTab.tsx'), 'ProjectSettingsTab') },
      tab: { order: 60, icon: 'pi pi-cog', label: 'projectPage.tabs.settings' },
    },
  ],
};
