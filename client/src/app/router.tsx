import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, useParams, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { LogoutPage } from '../features/logout/index.ts';
import { prefetchPlanPage } from '../features/plans/prefetch.ts';
import { RequireSuperuser } from '../session/RequireSuperuser.tsx';
import { RequireUser } from '../session/RequireUser.tsx';
import { preloadCharts } from '../components/charts/preload-charts.ts';
import { AppShell } from '../shell/AppShell.tsx';
import { FullPageSpinner } from '../shell/FullPageSpinner.tsx';
import { NotFoundPage } from '../shell/ErrorPage.tsx';
import { dropPrefetched, type PrefetchPlace } from './prefetch.ts';
import { RootLayout } from './RootLayout.tsx';
import { session } from './services.ts';

/**
 * A screen loaded when first visited: the first page downloads the shell and its own screen
 * only, not every screen's tables, charts and markdown (the entry chunk was 957 KB with the
 * dashboard and the project page in it). The router asks for every matched route's module at
 * once, so a nested screen's chunks load side by side rather than one after the other.
 */
async function page<M extends Record<string, unknown>>(module: Promise<M>, name: keyof M & string) {
  return { Component: (await module)[name] as ComponentType };
}

/** A screen that draws charts: apexcharts is asked for beside the screen's own chunks (see preloadCharts). */
function charted<T>(screen: Promise<T>): Promise<T> {
  void preloadCharts().catch(() => undefined);
  return screen;
}

/**
 * A route whose screen's calls are asked for as its address is entered (app/prefetch.ts), beside the
 * download of its code and the app's first render, for a signed-in user; navigation waits for none of it.
 * Only a new node asks again: a tab, an opened test or a filter keeps the screen, whose lists ask for themselves.
 * The calls are in the entry (a feature's `prefetch.ts` reaches no screen): fetched as a chunk of their own, they
 * queued behind the screen's chunks and went out after the screen had asked itself.
 */
function prefetching(screenCalls: (place: PrefetchPlace) => void) {
  return {
    loader: ({ params, request }: LoaderFunctionArgs) => {
      dropPrefetched();
      const search = new URL(request.url).searchParams;
      // Who is signed in is asked once the app has started, in the same task as this first loader: look after it.
      void session
        .signedInConfig()
        .then((config) => {
          if (config) screenCalls({ params, search, config });
        })
        .catch(() => undefined); // The screen then asks for itself.
      return null;
    },
    shouldRevalidate: ({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) =>
      currentParams.projectId !== nextParams.projectId || currentParams.planId !== nextParams.planId,
  };
}

/** The old administration address of a project tab (§2 route table). */
function LegacyProjectTab() {
  const { projectId, tab } = useParams();
  return <Navigate to={`/projects/${projectId}/${tab}`} replace />;
}

/** The route table of §2; the screens of later issues add their routes here. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    // What shows while a screen opened by its address is still loading (lazy routes below).
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { path: '/login', lazy: () => page(import('../features/login/LoginPage.tsx'), 'LoginPage') },
      { path: '/logout', element: <LogoutPage /> },
      {
        element: (
          <RequireUser>
            <AppShell />
          </RequireUser>
        ),
        children: [
          { index: true, lazy: () => page(import('../features/dashboard/DashboardPage.tsx'), 'DashboardPage') },
          {
            path: 'projects/:projectId',
            lazy: () => page(import('../features/project-page/ProjectPage.tsx'), 'ProjectPage'),
            children: [
              { index: true, element: <Navigate to="overview" replace /> },
              {
                path: 'overview',
                lazy: () => charted(page(import('../features/project-page/ProjectOverviewTab.tsx'), 'ProjectOverviewTab')),
              },
              { path: 'parameters', lazy: () => page(import('../features/parameters/ParametersTab.tsx'), 'ParametersTab') },
              { path: 'labels', lazy: () => page(import('../features/labels/LabelsTab.tsx'), 'LabelsTab') },
              { path: 'statuses', lazy: () => page(import('../features/statuses/StatusesTab.tsx'), 'StatusesTab') },
              {
                path: 'custom-attributes',
                lazy: () => page(import('../features/custom-attributes/CustomAttributesTab.tsx'), 'CustomAttributesTab'),
              },
              { path: 'integrations', lazy: () => page(import('../features/integrations/IntegrationsTab.tsx'), 'IntegrationsTab') },
              { path: 'settings', lazy: () => page(import('../features/project-settings/ProjectSettingsTab.tsx'), 'ProjectSettingsTab') },
              {
                path: 'access-management',
                lazy: () => page(import('../features/access-management/AccessManagementTab.tsx'), 'AccessManagementTab'),
              },
              { path: 'audit', lazy: () => page(import('../features/audit/ProjectAuditTab.tsx'), 'ProjectAuditTab') },
            ],
          },
          {
            // The suites workspace: the tree bar beside a suite, a case form or the project's root (cases-and-plans §2).
            path: 'projects/:projectId/suites',
            lazy: () => page(import('../features/suites/SuitesWorkspace.tsx'), 'SuitesWorkspace'),
            children: [
              { index: true, lazy: () => page(import('../features/suites/SuitePage.tsx'), 'SuitePage') },
              { path: 'new-test-suite', lazy: () => page(import('../features/suites/SuiteFormPage.tsx'), 'SuiteFormPage') },
              { path: 'new-test-case', lazy: () => page(import('../features/cases/form/CaseFormPage.tsx'), 'CaseFormPage') },
              { path: 'edit-test-case', lazy: () => page(import('../features/cases/form/CaseFormPage.tsx'), 'CaseFormPage') },
              { path: ':suiteId/edit-test-suite', lazy: () => page(import('../features/suites/SuiteFormPage.tsx'), 'SuiteFormPage') },
              { path: ':suiteId/:tab?', lazy: () => page(import('../features/suites/SuitePage.tsx'), 'SuitePage') },
            ],
          },
          {
            // The plans workspace: the tree bar in plans mode beside a plan, a plan form or the project's root (cases-and-plans §2).
            path: 'projects/:projectId/plans',
            lazy: () => page(import('../features/plans/PlansWorkspace.tsx'), 'PlansWorkspace'),
            children: [
              {
                index: true,
                lazy: () => charted(page(import('../features/plans/page/PlanPage.tsx'), 'PlanPage')),
                ...prefetching(prefetchPlanPage),
              },
              { path: 'new-test-plan', lazy: () => page(import('../features/plans/form/PlanFormPage.tsx'), 'PlanFormPage') },
              { path: ':planId/edit-test-plan', lazy: () => page(import('../features/plans/form/PlanFormPage.tsx'), 'PlanFormPage') },
              { path: ':planId/activity', lazy: () => page(import('../features/plan-activity/PlanActivityPage.tsx'), 'PlanActivityPage') },
              {
                path: ':planId/:tab?',
                lazy: () => charted(page(import('../features/plans/page/PlanPage.tsx'), 'PlanPage')),
                ...prefetching(prefetchPlanPage),
              },
            ],
          },
          { path: 'profile', lazy: () => page(import('../features/profile/ProfilePage.tsx'), 'ProfilePage') },
          {
            path: 'notifications',
            lazy: () => page(import('../features/notifications/NotificationsPage.tsx'), 'NotificationsPage'),
            children: [
              { index: true, lazy: () => page(import('../features/notifications/NotificationList.tsx'), 'NotificationList') },
              { path: 'settings', lazy: () => page(import('../features/notifications/NotificationSettings.tsx'), 'NotificationSettings') },
            ],
          },
          {
            path: 'administration',
            element: <RequireSuperuser />,
            children: [
              { path: 'users', lazy: () => page(import('../features/users/UsersPage.tsx'), 'UsersPage') },
              { path: 'roles', lazy: () => page(import('../features/roles/RolesPage.tsx'), 'RolesPage') },
              {
                path: 'system-messages',
                lazy: () => page(import('../features/system-messages/SystemMessagesPage.tsx'), 'SystemMessagesPage'),
              },
              { path: 'audit', lazy: () => page(import('../features/audit/SystemAuditPage.tsx'), 'SystemAuditPage') },
            ],
          },
          { path: 'administration/projects/:projectId/:tab', element: <LegacyProjectTab /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
