import { page, type FeatureRoutes } from '../../app/routing.ts';

/** The system messages' administration. */
export const routes: FeatureRoutes = {
  routes: [
    {
      under: 'administration',
      route: { path: 'system-messages', lazy: () => page(import('./SystemMessagesPage.tsx'), 'SystemMessagesPage') },
    },
  ],
  nav: [
    {
      section: 'administration',
      order: 20,
      to: '/administration/system-messages',
      icon: 'pi pi-megaphone',
      label: 'shell.nav.systemMessages',
    },
  ],
};
