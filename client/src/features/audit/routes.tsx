import { page, type FeatureRoutes } from '../../app/routing.ts';

/** The audit trail: a project's tab, and the whole system's for superusers. */
export const routes: FeatureRoutes = {
  routes: [
    {
      under: 'project',
      route: { path: 'audit', lazy: () => page(import('./ProjectAuditTab.tsx'), 'ProjectAuditTab') },
      tab: { order: 80, icon: 'pi pi-history', label: 'projectPage.tabs.audit' },
    },
    { under: 'administration', route: { path: 'audit', lazy: () => page(import('./SystemAuditPage.tsx'), 'SystemAuditPage') } },
  ],
  nav: [{ section: 'administration', order: 30, to: '/administration/audit', icon: 'pi pi-history', label: 'audit.tab' }],
};
