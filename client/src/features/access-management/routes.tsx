import { page, type FeatureRoutes } from '../../app/routing.ts';

/** Who may do what in the project: its members and their roles. */
export const routes: FeatureRoutes = {
  routes: [
    {
      under: 'project',
      route: { path: 'access-management', lazy: () => page(import('./AccessManagementTab.tsx'), 'AccessManagementTab') },
      tab: { order: 70, icon: 'pi pi-users', label: 'projectPage.tabs.access-management' },
    },
  ],
};
