import { page, type FeatureRoutes } from '../../app/routing.ts';

/** The users' administration. */
export const routes: FeatureRoutes = {
  routes: [{ under: 'administration', route: { path: 'users', lazy: () => page(import('./UsersPage.tsx'), 'UsersPage') } }],
  nav: [{ section: 'administration', order: 0, to: '/administration/users', icon: 'pi pi-users', label: 'shell.nav.users' }],
};
