import { useSubscription } from 'observable-hooks';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { errorView$ } from '../shell/error-view.ts';
import { toasts$ } from './toasts.ts';
import { useFailureRouting } from './use-failure-routing.ts';

/**
 * Toasts stand at the bottom, centred in the room left of an open drawer (ResizableDrawer sets
 * --open-drawer-width while one is open) and never wider than that room, so a notice never covers
 * a drawer's title or buttons, nor the jobs panel in the bottom-right corner. PrimeReact places
 * toasts inline, so this is said inline too.
 */
const ROOM = 'calc(100vw - var(--open-drawer-width, 0px))';
const CLEAR_OF_DRAWERS = { root: { style: { left: `calc(${ROOM} / 2)`, width: `min(25rem, calc(${ROOM} - 2.5rem))` } } };

/** Above every route: toasts, confirmations, and the app-wide reactions to failed calls. */
export function RootLayout() {
  const toast = useRef<Toast>(null);
  const { pathname } = useLocation();
  useSubscription(toasts$, (message) => toast.current?.show(message));
  useFailureRouting();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a page's error clears when the address changes
  useEffect(() => errorView$.next(null), [pathname]);
  return (
    <>
      <Toast ref={toast} position="bottom-center" pt={CLEAR_OF_DRAWERS} />
      <ConfirmDialog />
      <Outlet />
    </>
  );
}
