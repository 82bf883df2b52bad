import { ContextMenu } from 'primereact/contextmenu';
import type { MenuItem } from 'primereact/menuitem';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useMemo, useRef, useState, type FocusEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeItem, TreeKind } from './tree-kind.ts';
import { TreeLevel } from './TreeLevel.tsx';
import { TreeActionsContext, TreeContext, type TreeNodeActions, type TreeViewContext } from './tree-context.ts';
import { TREE_ITEM } from './tree-keys.ts';

type TreeProps<T extends TreeItem> = Omit<TreeViewContext, 'kind' | 'focusedId'> &
  Pick<TreeNodeActions, 'toggle' | 'linkTo' | 'go'> & {
    kind: TreeKind<T>;
    /** A node's right-click menu. */
    itemsFor(item: T): MenuItem[];
  };

/** Tabbing into the tree before any node had the focus lands on the selected node, or else on the first one. */
function focusEntryNode(event: FocusEvent<HTMLElement>) {
  if (event.target !== event.currentTarget) return;
  const tree = event.currentTarget;
  (tree.querySelector<HTMLElement>(`${TREE_ITEM}[aria-selected="true"]`) ?? tree.querySelector<HTMLElement>(TREE_ITEM))?.focus();
}

/**
 * The project's suites or plans as a lazy tree, with one right-click menu and one info popover for all nodes.
 * The tree is one tab stop (WAI-ARIA tree view): the last focused node, or the tree itself until then.
 */
export function LazyTree<T extends TreeItem>({ itemsFor, ...props }: TreeProps<T>) {
  const { t } = useTranslation();
  const menu = useRef<ContextMenu>(null);
  const info = useRef<OverlayPanel>(null);
  // The nodes hand back the items their level gave them, which are the kind's.
  const [menuItem, setMenuItem] = useState<T | null>(null);
  const [infoItem, setInfoItem] = useState<T | null>(null);
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const { kind, projectId, selectedId, ordering, search, archived, isOpen } = props;
  const context: TreeViewContext = { kind, projectId, selectedId, ordering, search, archived, isOpen, focusedId };
  // The bar's own functions are new on each of its renders; the nodes call the latest through this.
  const latest = useRef(props);
  latest.current = props;
  /* biome-ignore lint/correctness/useExhaustiveDependencies: a node's link keeps the tree's search,
     so a new project or search draws the nodes again */
  const actions = useMemo<TreeNodeActions>(
    () => ({
      kind,
      toggle: (id) => latest.current.toggle(id),
      linkTo: (id) => latest.current.linkTo(id),
      go: (id) => latest.current.go(id),
      nodeFocused: setFocusedId,
      nodeGone: (id) => setFocusedId((current) => (current === id ? null : current)),
      openMenu: (event: MouseEvent, item: TreeItem) => {
        setMenuItem(item as T);
        menu.current?.show(event);
      },
      openInfo: (event: MouseEvent, item: TreeItem) => {
        setInfoItem(item as T);
        info.current?.toggle(event);
      },
    }),
    [kind, projectId, search],
  );
  return (
    <TreeContext.Provider value={context}>
      <TreeActionsContext.Provider value={actions}>
        <ul
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA tree: a list whose items are treeitems
          role="tree"
          className="suite-tree"
          aria-label={t(props.kind.texts.label)}
          tabIndex={focusedId === null ? 0 : undefined}
          onFocus={focusEntryNode}
        >
          <TreeLevel parentId={null} depth={1} />
        </ul>
        <ContextMenu ref={menu} model={menuItem ? itemsFor(menuItem) : []} />
        <OverlayPanel ref={info}>{infoItem && props.kind.renderInfo(infoItem, props.projectId)}</OverlayPanel>
      </TreeActionsContext.Provider>
    </TreeContext.Provider>
  );
}
