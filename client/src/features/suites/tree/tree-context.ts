import { createContext, useContext, type MouseEvent } from 'react';
import type { TreeItem, TreeKind } from './tree-kind.ts';

/** What every node of the tree shares: the kind of tree, the query, the selection, which nodes are open, and the node's actions. */
export interface TreeViewContext {
  kind: TreeKind<TreeItem>;
  projectId: number;
  selectedId: number | null;
  ordering: string;
  search: string;
  /** Show Archived (plans). */
  archived: boolean;
  isOpen(id: number): boolean;
  toggle(id: number): void;
  /** The address of a node, or of the project's root for null. */
  linkTo(id: number | null): string;
  /** Goes to a node, or to the project's root for null. */
  go(id: number | null): void;
  /** The node the tree's one tab stop is on; null before any node had the focus. */
  focusedId: number | null;
  nodeFocused(id: number): void;
  /** A node left the tree: were it the tab stop, the tree itself takes it back. */
  nodeGone(id: number): void;
  openMenu(event: MouseEvent, item: TreeItem): void;
  openInfo(event: MouseEvent, item: TreeItem): void;
}

export const TreeContext = createContext<TreeViewContext | null>(null);

export function useTree(): TreeViewContext {
  const tree = useContext(TreeContext);
  if (!tree) throw new Error('a tree node outside its LazyTree');
  return tree;
}
