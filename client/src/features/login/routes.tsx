import { page, type FeatureRoutes } from '../../app/routing.ts';

/** The login page, outside the shell. */
export const routes: FeatureRoutes = {
  routes: [{ under: 'root', route: { path: '/login', lazy: () => page(import('./LoginPage.tsx'), 'LoginPage') } }],
};
