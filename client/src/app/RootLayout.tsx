import { useSubscription } from 'observable-hooks';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { errorView$ } from '../shell/error-view.ts';
import { toasts$ } from './toasts.ts';
import { useFailureRouting } from './use-failure-routing.ts';

// Toasts start below the sticky header (and the login page's tools), never over their controls; PrimeReact places them inline.
const BELOW_HEADER = { root: { style: { top: '4.5rem' } } };

/** Above every route: toasts, confirmations, and the app-wide reactions to failed calls. */
export function RootLayout() {
  const toast = useRef<Toast>(null);
  const { pathname } = useLocation();
  useSubscription(toasts$, (message) => toast.current?.show(message));
  useFailureRouting();
  useEffect(() => errorView$.next(null), [pathname]);
  return (
    <>
      <Toast ref={toast} position="top-right" pt={BELOW_HEADER} />
      <ConfirmDialog />
      <Outlet />
    </>
  );
}
