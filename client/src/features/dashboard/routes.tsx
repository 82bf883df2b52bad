import { page, type FeatureRoutes } from '../../app/routing.ts';

/** The projects dashboard, the app's home. */
export const routes: FeatureRoutes = {
  routes: [{ under: 'app', route: { index: true, lazy: () => page(import('./DashboardPage.tsx'), 'DashboardPage') } }],
  nav: [{ section: 'main', order: 0, to: '/', end: true, icon: 'pi pi-th-large', label: 'shell.nav.projects' }],
};
