import { createContext, useContext, type MouseEvent } from 'react';
import type { TreeItem, TreeKind } from './tree-kind.ts';

/** What a level of the tree needs to ask for its nodes and show them: the query, the selection, which nodes are open. */
export interface TreeViewContext {
  kind: TreeKind<TreeItem>;
  projectId: number;
  selectedId: number | null;
  ordering: string;
  search: string;
  /** Show Archived (plans). */
  archived: boolean;
  isOpen(id: number): boolean;
  /** The node the tree's one tab stop is on; null before any node had the focus. */
  focusedId: number | null;
}

/**
 * What a node does. The same object while the tree's kind, project and search stay, so a node
 * renders again only when its own item or state changes, not every node on every change of the bar
 * (a click on one arrow drew all the level's nodes again).
 */
export interface TreeNodeActions {
  kind: TreeKind<TreeItem>;
  toggle(id: number): void;
  /** The address of a node, or of the project's root for null. */
  linkTo(id: number | null): string;
  /** Goes to a node, or to the project's root for null. */
  go(id: number | null): void;
  nodeFocused(id: number): void;
  /** A node left the tree: were it the tab stop, the tree itself takes it back. */
  nodeGone(id: number): void;
  openMenu(event: MouseEvent, item: TreeItem): void;
  openInfo(event: MouseEvent, item: TreeItem): void;
}

export const TreeContext = createContext<TreeViewContext | null>(null);
export const TreeActionsContext = createContext<TreeNodeActions | null>(null);

export function useTree(): TreeViewContext {
  const tree = useContext(TreeContext);
  if (!tree) throw new Error('a tree level outside its LazyTree');
  return tree;
}

export function useTreeActions(): TreeNodeActions {
  const actions = useContext(TreeActionsContext);
  if (!actions) throw new Error('a tree node outside its LazyTree');
  return actions;
}
