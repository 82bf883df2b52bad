import { page, type FeatureRoutes } from '../../app/routing.ts';

/**
 * The suites workspace (its tree bar beside a suite, a suite form, or the project's root), whose pages features add
 * (`under: 'suites'`).
 */
export const routes: FeatureRoutes = {
  routes: [
    {
      under: 'app',
      holds: 'suites',
      route: { path: 'projects/:projectId/suites', lazy: () => page(import('./SuitesWorkspace.tsx'), 'SuitesWorkspace') },
    },
    { under: 'suites', route: { index: true, lazy: () => page(import('./SuitePage.tsx'), 'SuitePage') } },
    { under: 'suites', route: { path: 'new-test-suite', lazy: () => page(import('./SuiteFormPage.tsx'), 'SuiteFormPage') } },
    { under: 'suites', route: { path: ':suiteId/edit-test-suite', lazy: () => page(import('./SuiteFormPage.tsx'), 'SuiteFormPage') } },
    { under: 'suites', route: { path: ':suiteId/:tab?', lazy: () => page(import('./SuitePage.tsx'), 'SuitePage') } },
  ],
  nav: [
    { section: 'project', order: 10, to: (projectId) => `/projects/${projectId}/suites`, icon: 'pi pi-folder', label: 'shell.nav.suites' },
  ],
};
