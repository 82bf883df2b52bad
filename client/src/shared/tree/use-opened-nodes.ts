import { useEffect, useState } from 'react';
import type { Trail } from './TreeBreadcrumbs.tsx';

interface SearchOpening {
  openByDefault: boolean;
  /** The nodes opened or closed against the default. */
  flipped: ReadonlySet<number>;
}
const ALL_OPEN: SearchOpening = { openByDefault: true, flipped: new Set() };

function flip(ids: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(ids);
  if (!next.delete(id)) next.add(id);
  return next;
}

/**
 * Which suites or plans show their children. The opened ones are remembered (`stored`, `store`), and the
 * selected node's ancestors open so it shows. While searching, every match's path shows open
 * until the user closes some or all; that is kept apart from what is remembered.
 */
export function useOpenedNodes(stored: readonly number[], store: (ids: number[]) => void, search: string, trail: Trail) {
  const [inSearch, setInSearch] = useState<SearchOpening>(ALL_OPEN);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search opens every match again
  useEffect(() => setInSearch(ALL_OPEN), [search]);
  const opened = new Set(stored);
  const ancestors = trail.slice(0, -1).map((crumb) => crumb.id);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new trail opens anything; what the user closes later stays closed
  useEffect(() => {
    // Only a new trail opens anything; what the user closes later stays closed.
    if (ancestors.some((id) => !opened.has(id))) store([...new Set([...opened, ...ancestors])]);
  }, [ancestors.join()]);

  const searching = search.trim() !== '';
  return {
    isOpen: (id: number) => (searching ? inSearch.openByDefault !== inSearch.flipped.has(id) : opened.has(id)),
    toggle: (id: number) => (searching ? setInSearch({ ...inSearch, flipped: flip(inSearch.flipped, id) }) : store([...flip(opened, id)])),
    collapseAll: () => (searching ? setInSearch({ openByDefault: false, flipped: new Set() }) : store([])),
  };
}
