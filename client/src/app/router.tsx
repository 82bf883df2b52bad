import { Navigate, createBrowserRouter, useParams } from 'react-router';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { LoginPage } from '../features/login/LoginPage.tsx';
import { LogoutPage } from '../features/logout/LogoutPage.tsx';
import { ProjectOverviewTab } from '../features/project-page/ProjectOverviewTab.tsx';
import { ProjectPage } from '../features/project-page/ProjectPage.tsx';
import { RequireUser } from '../session/RequireUser.tsx';
import { AppShell } from '../shell/AppShell.tsx';
import { NotFoundPage } from '../shell/ErrorPage.tsx';
import { RootLayout } from './RootLayout.tsx';

/** The old administration address of a project tab (§2 route table). */
function LegacyProjectTab() {
  const { projectId, tab } = useParams();
  return <Navigate to={`/projects/${projectId}/${tab}`} replace />;
}

/** The route table of §2; the screens of later issues add their routes here. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/logout', element: <LogoutPage /> },
      {
        element: (
          <RequireUser>
            <AppShell />
          </RequireUser>
        ),
        children: [
          { index: true, element: <DashboardPage /> },
          {
            path: 'projects/:projectId',
            element: <ProjectPage />,
            children: [
              { index: true, element: <Navigate to="overview" replace /> },
              { path: 'overview', element: <ProjectOverviewTab /> },
            ],
          },
          { path: 'administration/projects/:projectId/:tab', element: <LegacyProjectTab /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
