import { useObservableEagerState } from 'observable-hooks';
import { useEffect, type ReactNode } from 'react';
import { session } from '../app/services.ts';
import { FullPageSpinner } from '../shell/FullPageSpinner.tsx';

/**
 * Every route but /login needs a user (§2). Without one in memory it asks the
 * server; a 401 goes through the data layer's routing to /login, remembering the page.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useObservableEagerState(session.user$);
  useEffect(() => {
    if (user) return;
    const loading = session.load().subscribe({ error: () => undefined });
    return () => loading.unsubscribe();
  }, [user]);
  return user ? children : <FullPageSpinner />;
}
