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
  /** The address of a suite, or of the project's root for null. */
  linkTo(suiteId: number | null): string;
  /** Goes to a suite, or to the project's root for null. */
  go(suiteId: number | null): void;
  /** The node the tree's one tab stop is on; null before any node had the focus. */
  focusedId: number | null;
  nodeFocused(suiteId: number): void;
  /** A node left the tree: were it the tab stop, the tree itself takes it back. */
  nodeGone(suiteId: number): void;
  openMenu(event: MouseEvent, suite: Suite): void;
  openInfo(event: MouseEvent, suite: Suite): void;
}

export const TreeContext = createContext<SuiteTreeContext | null>(null);

export function useTree(): SuiteTreeContext {
  const tree = useContext(TreeContext);
  if (!tree) throw new Error('a tree node outside its SuiteTree');
  return tree;
}
