import { page, type FeatureRoutes } from '../../app/routing.ts';

/** A plan's activity, a page of the plans workspace. */
export const routes: FeatureRoutes = {
  routes: [{ under: 'plans', route: { path: ':planId/activity', lazy: () => page(import('./PlanActivityPage.tsx'), 'PlanActivityPage') } }],
};
