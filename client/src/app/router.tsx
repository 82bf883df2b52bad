import { createBrowserRouter } from 'react-router';
import { RequireSuperuser } from '../session/RequireSuperuser.tsx';
import { RequireUser } from '../session/RequireUser.tsx';
import { AppShell } from '../shell/AppShell.tsx';
import { FullPageSpinner } from '../shell/FullPageSpinner.tsx';
import { NotFoundPage } from '../shell/ErrorPage.tsx';
import { featureRoutes } from './feature-routes.ts';
import { RootLayout } from './RootLayout.tsx';

/**
 * The route table of §2: the frame every page shares, with the routes the features declare in their `routes.tsx`
 * hung where they say (app/routing.ts). Pages load lazily, each its own chunk.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    // What shows while a screen opened by its address is still loading (the lazy routes).
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      ...featureRoutes.under('root'),
      {
        element: (
          <RequireUser>
            <AppShell />
          </RequireUser>
        ),
        children: [
          ...featureRoutes.under('app'),
          { path: 'administration', element: <RequireSuperuser />, children: featureRoutes.under('administration') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
