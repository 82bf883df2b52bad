import 'primeicons/primeicons.css';
import { PrimeReactProvider } from 'primereact/api';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { firstValueFrom, from, share, switchMap, tap } from 'rxjs';
import { reloadOnStaleBuild } from './app/reload-on-stale-build.ts';
import { router } from './app/router.tsx';
import { session } from './app/services.ts';
import './app/app.css';
import { initI18n } from './i18n/i18n.ts';
import { showTheme, themeStylesheet } from './theme/apply-theme.ts';
import { theme$ } from './theme/theme.ts';

/** The theme follows the choice and, for 'system', the OS; the first one is in place before anything renders. */
function followTheme(): Promise<unknown> {
  const shown$ = theme$.pipe(
    switchMap((theme) => from(themeStylesheet(theme)).pipe(tap((css) => showTheme(theme, css)))),
    share(),
  );
  const first = firstValueFrom(shown$);
  shown$.subscribe();
  return first;
}

async function start() {
  reloadOnStaleBuild(window);
  session.askEarly();
  await Promise.all([initI18n(), followTheme()]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {/* No ripple: each button's ripple measured itself as it mounted, a forced layout per button
          (a tenth of a second on a plan page). */}
      <PrimeReactProvider>
        <RouterProvider router={router} />
      </PrimeReactProvider>
    </StrictMode>,
  );
}

void start();
