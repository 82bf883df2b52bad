import type { KeyboardEvent, SyntheticEvent } from 'react';

export const TREE_ITEM = '[role="treeitem"]';

/** Focus and keys in a child node reach its ancestors too: only the node they happened in acts on them. */
export const isOwnEvent = (event: SyntheticEvent<HTMLElement>) => (event.target as HTMLElement).closest(TREE_ITEM) === event.currentTarget;

/** What a key may do to the node it was pressed on. */
export interface KeyedNode {
  /** Open or closed; undefined for a node without children. */
  expanded: boolean | undefined;
  toggle(): void;
  /** Go to the node's suite. */
  open(): void;
}

/**
 * A tree node's keys (WAI-ARIA tree view): Up and Down to the previous and next shown node, Home and
 * End to the first and last, Right opens a closed node or goes to its first child, Left closes an
 * open node or goes to its parent, Enter goes to the suite. A closed node's children are not
 * rendered, so every tree item in the document is a shown one, in the order shown.
 */
export function onTreeItemKeyDown(event: KeyboardEvent<HTMLElement>, node: KeyedNode): void {
  const item = event.currentTarget;
  if (!isOwnEvent(event) || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const shown = [...(item.closest('[role="tree"]')?.querySelectorAll<HTMLElement>(TREE_ITEM) ?? [])];
  const at = shown.indexOf(item);
  const focus = (next: HTMLElement | null | undefined) => next?.focus();
  switch (event.key) {
    case 'ArrowDown':
      focus(shown[at + 1]);
      break;
    case 'ArrowUp':
      focus(shown[at - 1]);
      break;
    case 'Home':
      focus(shown[0]);
      break;
    case 'End':
      focus(shown.at(-1));
      break;
    case 'ArrowRight':
      if (node.expanded === false) node.toggle();
      else if (node.expanded) focus(item.querySelector<HTMLElement>(`:scope > [role="group"] > ${TREE_ITEM}`));
      break;
    case 'ArrowLeft':
      if (node.expanded) node.toggle();
      else focus(item.parentElement?.closest<HTMLElement>(TREE_ITEM));
      break;
    case 'Enter':
      // The node's buttons keep their own Enter.
      if ((event.target as HTMLElement).closest('button')) return;
      node.open();
      break;
    default:
      return;
  }
  event.preventDefault();
}
