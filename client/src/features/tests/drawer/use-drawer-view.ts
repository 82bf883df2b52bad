import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Result } from '../../results/index.ts';

/** The drawer's views (tests-and-results §4): the test, or one of the result forms beside it. */
export type DrawerView =
  | { name: 'test' }
  | { name: 'addResult' }
  | { name: 'editResult'; result: Result }
  | { name: 'cloneResult'; result: Result };

const TEST: DrawerView = { name: 'test' };

/**
 * Which view the drawer shows. `&view=addResult` in the address opens the
 * add-result form (then taken out of the address, so that a reload or the
 * next test opens on the test); closing a form opened that way closes the
 * drawer, any other form goes back to the test.
 */
export function useDrawerView(onCloseDrawer: () => void) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('view') === 'addResult';
  const [view, setView] = useState<DrawerView>(asked ? { name: 'addResult' } : TEST);
  const [direct, setDirect] = useState(asked);
  useEffect(() => {
    if (!asked) return;
    setView({ name: 'addResult' });
    setDirect(true);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('view');
        return next;
      },
      { replace: true },
    );
  }, [asked, setParams]);

  return {
    view,
    open: (next: DrawerView) => {
      setDirect(false);
      setView(next);
    },
    /** Cancel or close: back to the test, or out of the drawer when it was opened on the add-result form. */
    closeForm: () => (direct && view.name === 'addResult' ? onCloseDrawer() : setView(TEST)),
    /** Saved: the test, with the new result in its thread. */
    saved: () => {
      setDirect(false);
      setView(TEST);
    },
  };
}
