import { page, type FeatureRoutes } from '../../app/routing.ts';

/** Logging out, outside the shell, and the sidebar's link to it. */
export const routes: FeatureRoutes = {
  routes: [{ under: 'root', route: { path: '/logout', lazy: () => page(import('./LogoutPage.tsx'), 'LogoutPage') } }],
  nav: [{ section: 'account', order: 20, to: '/logout', icon: 'pi pi-sign-out', label: 'shell.nav.logout' }],
};
