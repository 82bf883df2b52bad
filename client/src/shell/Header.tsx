import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { LanguageSelector } from '../i18n/LanguageSelector.tsx';
import { displayName } from '../session/user.ts';
import { ThemeSelector } from '../theme/ThemeSelector.tsx';
import { useSignedInUser } from './use-signed-in-user.ts';

export function Header({ sidebarOpen, onToggleSidebar }: { sidebarOpen: boolean; onToggleSidebar: () => void }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const name = displayName(user);
  return (
    <header className="app-header">
      <Button
        icon={sidebarOpen ? 'pi pi-angle-double-left' : 'pi pi-bars'}
        text
        rounded
        severity="secondary"
        aria-label={t(sidebarOpen ? 'shell.collapseSidebar' : 'shell.expandSidebar')}
        aria-expanded={sidebarOpen}
        onClick={onToggleSidebar}
      />
      <div className="app-header__tools">
        <LanguageSelector />
        <ThemeSelector />
        <span className="app-header__user">
          <Avatar label={name.charAt(0).toUpperCase()} shape="circle" {...(user.avatar_link ? { image: user.avatar_link } : {})} />
          <span>{name}</span>
        </span>
      </div>
    </header>
  );
}
