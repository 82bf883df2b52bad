import { ContextMenu } from 'primereact/contextmenu';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspaceActions } from '../dialogs/use-suite-actions.tsx';
import type { Suite } from '../suite-api.ts';
import { SuiteInfo } from './SuiteInfo.tsx';
import { TreeLevel } from './TreeLevel.tsx';
import { TreeContext, type SuiteTreeContext } from './tree-context.ts';

type TreeProps = Omit<SuiteTreeContext, 'openMenu' | 'openInfo'>;

/** The project's suites as a lazy tree, with one right-click menu and one info popover for all nodes. */
export function SuiteTree(props: TreeProps) {
  const { t } = useTranslation();
  const menu = useRef<ContextMenu>(null);
  const info = useRef<OverlayPanel>(null);
  const [menuSuite, setMenuSuite] = useState<Suite | null>(null);
  const [infoSuite, setInfoSuite] = useState<Suite | null>(null);
  const actions = useWorkspaceActions();
  const context: SuiteTreeContext = {
    ...props,
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
      <ul role="tree" className="suite-tree" aria-label={t('suites.tree.label')}>
        <TreeLevel parentId={null} depth={1} />
      </ul>
      <ContextMenu ref={menu} model={menuSuite ? actions.itemsFor(menuSuite) : []} />
      <OverlayPanel ref={info}>{infoSuite && <SuiteInfo suite={infoSuite} />}</OverlayPanel>
    </TreeContext.Provider>
  );
}
