import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { projectApi } from '../../projects/project-api.ts';
import { projectChanges } from '../../projects/project-changes.ts';
import { keepingTreeSearch, suitePaths } from '../suite-paths.ts';
import { ModeSwitch } from './ModeSwitch.tsx';
import { ResizeHandle } from '../../../components/ResizeHandle.tsx';
import { SortPopover } from './SortPopover.tsx';
import { SuiteBreadcrumbs, type Trail } from './SuiteBreadcrumbs.tsx';
import { SuiteTree } from './SuiteTree.tsx';
import { useOpenedSuites } from './use-opened-suites.ts';
import { useTreeSearch } from './use-tree-search.ts';
import { readTreeBarSettings, resizedTo, shownWidth, toggled, writeTreeBarSettings, type TreeBarSettings } from './tree-bar-settings.ts';

/** The suites workspace's left side (§2 Tree bar): where the user is, and the project's suites to go to. */
export function TreeBar({ projectId, selectedId, trail }: { projectId: number; selectedId: number | null; trail: Trail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [settings, setSettings] = useState(readTreeBarSettings);
  const [dragWidth, setDragWidth] = useState<number | null>(null);
  const bar = useRef<HTMLElement>(null);
  const { search, text, onType } = useTreeSearch();
  const linkTo = (suiteId: number | null) => keepingTreeSearch(suitePaths.suite(projectId, suiteId), search);
  useEffect(() => writeTreeBarSettings(settings), [settings]);
  const project = useLiveQuery(projectId, projectChanges, projectApi.get).data;
  const storeOpened = (ids: number[]) => setSettings((current) => ({ ...current, opened: { ...current.opened, [projectId]: ids } }));
  const opening = useOpenedSuites(settings.opened[projectId] ?? [], storeOpened, search, trail);
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
        {!settings.collapsed && <ModeSwitch projectId={projectId} />}
      </div>
      {!settings.collapsed && (
        <div className="tree-bar__body">
          <h2 className="tree-bar__project">
            <span>{project?.name}</span>
            {project?.is_archive && <Tag value={t('projects.archived')} severity="warning" icon="pi pi-box" />}
          </h2>
          <SuiteBreadcrumbs trail={trail} linkTo={linkTo} />
          <div className="tree-bar__tools">
            <IconField iconPosition="left" className="tree-bar__search">
              <InputIcon className="pi pi-search" />
              <InputText
                type="search"
                value={text}
                placeholder={t('suites.tree.search')}
                aria-label={t('suites.tree.search')}
                onChange={(event) => onType(event.target.value)}
              />
            </IconField>
            <SortPopover ordering={settings.ordering} onChange={(ordering) => update({ ordering })} />
            <Button type="button" icon="pi pi-minus" text rounded severity="secondary" aria-label={t('suites.tree.collapseAll')} onClick={opening.collapseAll} />
          </div>
          <SuiteTree
            projectId={projectId}
            selectedId={selectedId}
            ordering={settings.ordering}
            search={search}
            isOpen={opening.isOpen}
            toggle={opening.toggle}
            linkTo={linkTo}
            go={(suiteId) => void navigate(linkTo(suiteId))}
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
