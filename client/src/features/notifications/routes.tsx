import { page, type FeatureRoutes } from '../../app/routing.ts';
import { unreadNotificationCount } from '../../api/notifications-socket.ts';

/** The notifications and their settings, with the live unread count beside the sidebar's link. */
export const routes: FeatureRoutes = {
  routes: [
    {
      under: 'app',
      route: {
        path: 'notifications',
        lazy: () => page(import('./NotificationsPage.tsx'), 'NotificationsPage'),
        children: [
          { index: true, lazy: () => page(import('./NotificationList.tsx'), 'NotificationList') },
          { path: 'settings', lazy: () => page(import('./NotificationSettings.tsx'), 'NotificationSettings') },
        ],
      },
    },
  ],
  nav: [
    {
      section: 'account',
      order: 0,
      to: '/notifications',
      icon: 'pi pi-bell',
      label: 'shell.nav.notifications',
      badge: unreadNotificationCount,
    },
  ],
};
