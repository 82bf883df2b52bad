import { page, type FeatureRoutes } from '../../app/routing.ts';

/** The signed-in user's profile. */
export const routes: FeatureRoutes = {
  routes: [{ under: 'app', route: { path: 'profile', lazy: () => page(import('./ProfilePage.tsx'), 'ProfilePage') } }],
  nav: [{ section: 'account', order: 10, to: '/profile', icon: 'pi pi-user', label: 'shell.nav.profile' }],
};
