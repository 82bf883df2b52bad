import { Button } from 'primereact/button';
import type { MenuItem } from 'primereact/menuitem';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { keepingTreeSearch } from './suite-paths.ts';
import { ModeSwitch } from './ModeSwitch.tsx';
import { ResizeHandle } from '../../components/ResizeHandle.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SortPopover } from './SortPopover.tsx';
import { TreeBreadcrumbs, type Trail } from './TreeBreadcrumbs.tsx';
import { LazyTree } from './LazyTree.tsx';
import type { TreeItem, TreeKind } from './tree-kind.ts';
import { useOpenedNodes } from './use-opened-nodes.ts';
import { useTreeSearch } from './use-tree-search.ts';
import { readTreeBarSettings, resizedTo, shownWidth, toggled, writeTreeBarSettings, type TreeBarSettings } from './tree-bar-settings.ts';

interface TreeBarProps<T extends TreeItem> {
  /** Suites or plans. */
  kind: TreeKind<T>;
  projectId: number;
  /** What heads the bar: the project's title, which the workspace gives (shared/ knows no resource). */
  heading: ReactNode;
  selectedId: number | null;
  trail: Trail;
  /** A node's right-click menu. */
  itemsFor(item: T): MenuItem[];
}

/** A workspace's left side (§2 Tree bar): where the user is, and the project's suites or plans to go to. */
export function TreeBar<T extends TreeItem>({ kind, projectId, heading, selectedId, trail, itemsFor }: TreeBarProps<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [settings, setSettings] = useState(() => readTreeBarSettings(kind.mode));
  const [dragWidth, setDragWidth] = useState<number | null>(null);
  const bar = useRef<HTMLElement>(null);
  const { search, text, onType } = useTreeSearch();
  const linkTo = (id: number | null) => keepingTreeSearch(kind.path(projectId, id), search);
  /* biome-ignore lint/correctness/useExhaustiveDependencies: the settings are written when they change;
     the tree's kind is fixed for the bar's life */
  useEffect(() => writeTreeBarSettings(settings, kind.mode), [settings]);
  const storeOpened = (ids: number[]) => setSettings((current) => ({ ...current, opened: { ...current.opened, [projectId]: ids } }));
  const opening = useOpenedNodes(settings.opened[projectId] ?? [], storeOpened, search, trail);
  const archived = kind.archivable && settings.showArchived === true;
  const update = (change: Partial<TreeBarSettings>) => setSettings((current) => ({ ...current, ...change }));
  const width = dragWidth ?? shownWidth(settings);

  return (
    <aside ref={bar} className={`tree-bar${settings.collapsed && dragWidth === null ? ' tree-bar--collapsed' : ''}`} style={{ width }}>
      <div className="tree-bar__top">
        <Button
          type="button"
          icon={settings.collapsed ? 'pi pi-angle-double-right' : 'pi pi-angle-double-left'}
          text
          rounded
          severity="secondary"
          aria-label={t(settings.collapsed ? 'suites.tree.expandBar' : 'suites.tree.collapseBar')}
          onClick={() => update(toggled(settings))}
        />
        {!settings.collapsed && <ModeSwitch projectId={projectId} mode={kind.mode} />}
      </div>
      {!settings.collapsed && (
        <div className="tree-bar__body">
          <h2 className="tree-bar__project">{heading}</h2>
          <TreeBreadcrumbs trail={trail} linkTo={linkTo} label={t(kind.texts.breadcrumbs)} />
          <div className="tree-bar__tools">
            <SearchBox className="tree-bar__search" label={t(kind.texts.search)} value={text} onType={onType} />
            <SortPopover
              kind={kind}
              ordering={settings.ordering}
              onChange={(ordering) => update({ ordering })}
              archived={archived}
              onArchivedChange={(showArchived) => update({ showArchived })}
            />
            <Button
              type="button"
              icon="pi pi-minus"
              text
              rounded
              severity="secondary"
              aria-label={t('suites.tree.collapseAll')}
              onClick={opening.collapseAll}
            />
          </div>
          <LazyTree
            kind={kind}
            projectId={projectId}
            selectedId={selectedId}
            ordering={settings.ordering}
            search={search}
            archived={archived}
            isOpen={opening.isOpen}
            toggle={opening.toggle}
            linkTo={linkTo}
            go={(id) => void navigate(linkTo(id))}
            itemsFor={itemsFor}
          />
        </div>
      )}
      <ResizeHandle
        className="tree-bar__resize"
        label={t('suites.tree.resize')}
        width={width}
        grows="right"
        widthAt={(clientX) => clientX - (bar.current?.getBoundingClientRect().left ?? 0)}
        onResize={setDragWidth}
        onRelease={(dragged) => {
          setDragWidth(null);
          update(resizedTo(settings, dragged));
        }}
      />
    </aside>
  );
}
