import { Navigate, createBrowserRouter, useParams } from 'react-router';
import { AccessManagementTab } from '../features/access-management/AccessManagementTab.tsx';
import { CustomAttributesTab } from '../features/custom-attributes/CustomAttributesTab.tsx';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { LabelsTab } from '../features/labels/LabelsTab.tsx';
import { LoginPage } from '../features/login/LoginPage.tsx';
import { LogoutPage } from '../features/logout/LogoutPage.tsx';
import { NotificationsPage } from '../features/notifications/NotificationsPage.tsx';
import { NotificationList } from '../features/notifications/NotificationList.tsx';
import { NotificationSettings } from '../features/notifications/NotificationSettings.tsx';
import { ParametersTab } from '../features/parameters/ParametersTab.tsx';
import { ProfilePage } from '../features/profile/ProfilePage.tsx';
import { ProjectOverviewTab } from '../features/project-page/ProjectOverviewTab.tsx';
import { ProjectPage } from '../features/project-page/ProjectPage.tsx';
import { ProjectSettingsTab } from '../features/project-settings/ProjectSettingsTab.tsx';
import { RolesPage } from '../features/roles/RolesPage.tsx';
import { StatusesTab } from '../features/statuses/StatusesTab.tsx';
import { SystemMessagesPage } from '../features/system-messages/SystemMessagesPage.tsx';
import { UsersPage } from '../features/users/UsersPage.tsx';
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
              { path: 'parameters', element: <ParametersTab /> },
              { path: 'labels', element: <LabelsTab /> },
              { path: 'statuses', element: <StatusesTab /> },
              { path: 'custom-attributes', element: <CustomAttributesTab /> },
              { path: 'settings', element: <ProjectSettingsTab /> },
              { path: 'access-management', element: <AccessManagementTab /> },
            ],
          },
          { path: 'profile', element: <ProfilePage /> },
          {
            path: 'notifications',
            element: <NotificationsPage />,
            children: [
              { index: true, element: <NotificationList /> },
              { path: 'settings', element: <NotificationSettings /> },
            ],
          },
          { path: 'administration/users', element: <UsersPage /> },
          { path: 'administration/roles', element: <RolesPage /> },
          { path: 'administration/system-messages', element: <SystemMessagesPage /> },
          { path: 'administration/projects/:projectId/:tab', element: <LegacyProjectTab /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
