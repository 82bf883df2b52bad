import { Navigate } from 'react-router';
import { charted, page, type FeatureRoutes } from '../../app/routing.ts';

/** The project page, whose tabs the features declare (`under: 'project'`), with its overview tab. */
export const routes: FeatureRoutes = {
  routes: [
    {
      under: 'app',
      holds: 'project',
      route: { path: 'projects/:projectId', lazy: () => page(import('./ProjectPage.tsx'), 'ProjectPage') },
    },
    { under: 'project', route: { index: true, element: <Navigate to="overview" replace /> } },
    {
      under: 'project',
      route: { path: 'overview', lazy: () => charted(page(import('./ProjectOverviewTab.tsx'), 'ProjectOverviewTab')) },
      tab: { order: 0, icon: 'pi pi-chart-pie', label: 'projectPage.tabs.overview' },
    },
    // The old administration address of a project tab (§2 route table).
    {
      under: 'app',
      route: { path: 'administration/projects/:projectId/:tab', lazy: () => page(import('./LegacyProjectTab.tsx'), 'LegacyProjectTab') },
    },
  ],
  nav: [
    {
      section: 'project',
      order: 0,
      to: (projectId) => `/projects/${projectId}/overview`,
      icon: 'pi pi-chart-pie',
      label: 'shell.nav.overview',
    },
  ],
};
