import { useObservable, useObservableState } from 'observable-hooks';
import { Tooltip } from 'primereact/tooltip';
import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router';
import { featureRoutes } from '../app/feature-routes.ts';
import type { NavEntry } from '../app/routing.ts';
import { Logo } from './Logo.tsx';
import { SidebarLink } from './SidebarLink.tsx';
import { useSignedInUser } from './use-signed-in-user.ts';
import { EMPTY, switchMap } from 'rxjs';

/**
 * §2 App shell: logo, the open project's links, administration for superusers, Notifications with the live unread count, Profile, Logout:
 * the links the features declare (`nav` in their routes.tsx), by section.
 */
export function Sidebar({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const projectId = useMatch('/projects/:projectId/*')?.params.projectId;

  return (
    <aside className={`sidebar ${open ? 'sidebar--open' : 'sidebar--closed'}`}>
      <Link to="/" className="sidebar__brand" aria-label={t('shell.nav.home')}>
        <Logo />
        <span className="sidebar__label sidebar__title">{t('app.name')}</span>
      </Link>
      <nav className="sidebar__nav" aria-label={t('shell.nav.main')}>
        <NavLinks entries={featureRoutes.nav('main')} userId={user.id} />
        {projectId && (
          <>
            <span className="sidebar__section">{t('shell.nav.project')}</span>
            <NavLinks entries={featureRoutes.nav('project')} userId={user.id} projectId={projectId} />
          </>
        )}
        {user.is_superuser && (
          <>
            <span className="sidebar__section">{t('shell.nav.administration')}</span>
            <NavLinks entries={featureRoutes.nav('administration')} userId={user.id} />
          </>
        )}
      </nav>
      <nav className="sidebar__nav sidebar__nav--bottom" aria-label={t('shell.nav.account')}>
        <NavLinks entries={featureRoutes.nav('account')} userId={user.id} />
      </nav>
      {!open && <Tooltip target=".sidebar--closed .sidebar__link" position="right" />}
    </aside>
  );
}

/** A section's links; in the project section, to the open project. */
function NavLinks({ entries, userId, projectId }: { entries: NavEntry[]; userId: number; projectId?: string }) {
  const { t } = useTranslation();
  return entries.map((entry) => {
    const to = typeof entry.to === 'string' ? entry.to : entry.to(projectId ?? '');
    return <SectionLink key={to} entry={entry} to={to} label={t(entry.label)} userId={userId} />;
  });
}

/** One link, with its live count if it has one. */
function SectionLink({ entry, to, label, userId }: { entry: NavEntry; to: string; label: string; userId: number }) {
  const badge$ = useObservable((inputs$) => inputs$.pipe(switchMap(([id]) => entry.badge?.(id) ?? EMPTY)), [userId]);
  const badge = useObservableState(badge$, 0);
  return <SidebarLink to={to} end={entry.end} icon={entry.icon} label={label} badge={entry.badge ? badge : undefined} />;
}
