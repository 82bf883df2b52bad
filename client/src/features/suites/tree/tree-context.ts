import { createContext, useContext, type MouseEvent } from 'react';
import type { Suite } from '../suite-api.ts';

/** What every node of the tree shares: the query, the selection, which suites are open, and the node's actions. */
export interface SuiteTreeContext {
  projectId: number;
  selectedId: number | null;
  ordering: string;
  search: string;
  isOpen(suiteId: number): boolean;
  toggle(suiteId: number): void;
  select(suiteId: number): void;
  openMenu(event: MouseEvent, suite: Suite): void;
  openInfo(event: MouseEvent, suite: Suite): void;
}

export const TreeContext = createContext<SuiteTreeContext | null>(null);

export function useTree(): SuiteTreeContext {
  const tree = useContext(TreeContext);
  if (!tree) throw new Error('a tree node outside its SuiteTree');
  return tree;
}
