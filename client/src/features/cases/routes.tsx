import { page, type FeatureRoutes } from '../../app/routing.ts';

/** The case form, a page of the suites workspace. */
export const routes: FeatureRoutes = {
  routes: [
    { under: 'suites', route: { path: 'new-test-case', lazy: () => page(import('./form/CaseFormPage.tsx'), 'CaseFormPage') } },
    { under: 'suites', route: { path: 'edit-test-case', lazy: () => page(import('./form/CaseFormPage.tsx'), 'CaseFormPage') } },
  ],
};
