import { ContextMenu } from 'primereact/contextmenu';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useRef, useState, type FocusEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspaceActions } from '../dialogs/use-suite-actions.tsx';
import type { Suite } from '../suite-api.ts';
import { SuiteInfo } from './SuiteInfo.tsx';
import { TreeLevel } from './TreeLevel.tsx';
import { TreeContext, type SuiteTreeContext } from './tree-context.ts';
import { TREE_ITEM } from './tree-keys.ts';

type TreeProps = Omit<SuiteTreeContext, 'openMenu' | 'openInfo' | 'focusedId' | 'nodeFocused' | 'nodeGone'>;

/** Tabbing into the tree before any node had the focus lands on the selected suite, or else on the first one. */
function focusEntryNode(event: FocusEvent<HTMLElement>) {
  if (event.target !== event.currentTarget) return;
  const tree = event.currentTarget;
  (tree.querySelector<HTMLElement>(`${TREE_ITEM}[aria-selected="true"]`) ?? tree.querySelector<HTMLElement>(TREE_ITEM))?.focus();
}

/**
 * The project's suites as a lazy tree, with one right-click menu and one info popover for all nodes.
 * The tree is one tab stop (WAI-ARIA tree view): the last focused node, or the tree itself until then.
 */
export function SuiteTree(props: TreeProps) {
  const { t } = useTranslation();
  const menu = useRef<ContextMenu>(null);
  const info = useRef<OverlayPanel>(null);
  const [menuSuite, setMenuSuite] = useState<Suite | null>(null);
  const [infoSuite, setInfoSuite] = useState<Suite | null>(null);
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const actions = useWorkspaceActions();
  const context: SuiteTreeContext = {
    ...props,
    focusedId,
    nodeFocused: setFocusedId,
    nodeGone: (suiteId) => setFocusedId((current) => (current === suiteId ? null : current)),
    openMenu: (event: MouseEvent, suite: Suite) => {
      setMenuSuite(suite);
      menu.current?.show(event);
    },
    openInfo: (event: MouseEvent, suite: Suite) => {
      setInfoSuite(suite);
      info.current?.toggle(event);
    },
  };
  return (
    <TreeContext.Provider value={context}>
      <ul role="tree" className="suite-tree" aria-label={t('suites.tree.label')} tabIndex={focusedId === null ? 0 : undefined} onFocus={focusEntryNode}>
        <TreeLevel parentId={null} depth={1} />
      </ul>
      <ContextMenu ref={menu} model={menuSuite ? actions.itemsFor(menuSuite) : []} />
      <OverlayPanel ref={info}>{infoSuite && <SuiteInfo suite={infoSuite} />}</OverlayPanel>
    </TreeContext.Provider>
  );
}
