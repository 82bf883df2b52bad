import { page, type FeatureRoutes } from '../../app/routing.ts';

/** The roles' administration. */
export const routes: FeatureRoutes = {
  routes: [{ under: 'administration', route: { path: 'roles', lazy: () => page(import('./RolesPage.tsx'), 'RolesPage') } }],
  nav: [{ section: 'administration', order: 10, to: '/administration/roles', icon: 'pi pi-id-card', label: 'shell.nav.roles' }],
};
