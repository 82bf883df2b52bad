import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { RouteTabs } from '../../components/RouteTabs.tsx';
import './notifications.css';

/** /notifications: the Overview list (index) and the Settings tab (§2 route table). */
export function NotificationsPage() {
  const { t } = useTranslation();
  const onSettings = useMatch('/notifications/settings') !== null;
  return (
    <section className="notifications-page">
      <header className="page-header">
        <h1>{t('notifications.title')}</h1>
      </header>
      <RouteTabs
        tabs={[
          { label: t('notifications.tabs.overview'), icon: 'pi pi-inbox', to: '/notifications' },
          { label: t('notifications.tabs.settings'), icon: 'pi pi-cog', to: '/notifications/settings' },
        ]}
        active={onSettings ? 1 : 0}
      />
      <Outlet />
    </section>
  );
}
