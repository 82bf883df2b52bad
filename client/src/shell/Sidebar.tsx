import { useObservable, useObservableState } from 'observable-hooks';
import { Tooltip } from 'primereact/tooltip';
import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router';
import { unreadNotificationCount } from '../api/notifications-socket.ts';
import { Logo } from './Logo.tsx';
import { SidebarLink } from './SidebarLink.tsx';
import { useSignedInUser } from './use-signed-in-user.ts';
import { switchMap } from 'rxjs';

/**
 * §2 App shell: logo, the open project's links, administration for superusers, Notifications with the live unread count, Profile, Logout.
 */
export function Sidebar({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const projectId = useMatch('/projects/:projectId/*')?.params.projectId;
  const unread$ = useObservable((inputs$) => inputs$.pipe(switchMap(([userId]) => unreadNotificationCount(userId))), [user.id]);
  const unread = useObservableState(unread$, 0);

  return (
    <aside className={`sidebar ${open ? 'sidebar--open' : 'sidebar--closed'}`}>
      <Link to="/" className="sidebar__brand" aria-label={t('shell.nav.home')}>
        <Logo />
        <span className="sidebar__label sidebar__title">{t('app.name')}</span>
      </Link>
      <nav className="sidebar__nav" aria-label={t('shell.nav.main')}>
        <SidebarLink to="/" end icon="pi pi-th-large" label={t('shell.nav.projects')} />
        {projectId && (
          <>
            <span className="sidebar__section">{t('shell.nav.project')}</span>
            <SidebarLink to={`/projects/${projectId}/overview`} icon="pi pi-chart-pie" label={t('shell.nav.overview')} />
            <SidebarLink to={`/projects/${projectId}/suites`} icon="pi pi-folder" label={t('shell.nav.suites')} />
            <SidebarLink to={`/projects/${projectId}/plans`} icon="pi pi-list-check" label={t('shell.nav.plans')} />
          </>
        )}
        {user.is_superuser && (
          <>
            <span className="sidebar__section">{t('shell.nav.administration')}</span>
            <SidebarLink to="/administration/users" icon="pi pi-users" label={t('shell.nav.users')} />
            <SidebarLink to="/administration/roles" icon="pi pi-id-card" label={t('shell.nav.roles')} />
            <SidebarLink to="/administration/system-messages" icon="pi pi-megaphone" label={t('shell.nav.systemMessages')} />
            <SidebarLink to="/administration/audit" icon="pi pi-history" label={t('audit.tab')} />
          </>
        )}
      </nav>
      <nav className="sidebar__nav sidebar__nav--bottom" aria-label={t('shell.nav.account')}>
        <SidebarLink to="/notifications" icon="pi pi-bell" label={t('shell.nav.notifications')} badge={unread} />
        <SidebarLink to="/profile" icon="pi pi-user" label={t('shell.nav.profile')} />
        <SidebarLink to="/logout" icon="pi pi-sign-out" label={t('shell.nav.logout')} />
      </nav>
      {!open && <Tooltip target=".sidebar--closed .sidebar__link" position="right" />}
    </aside>
  );
}
