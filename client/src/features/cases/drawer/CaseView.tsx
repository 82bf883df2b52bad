import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Menu } from 'primereact/menu';
import { Message } from 'primereact/message';
import { TabPanel, TabView } from 'primereact/tabview';
import { Tag } from 'primereact/tag';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { announceChange, topics } from '../../../app/changes.ts';
import { ObjectHistory } from '../../audit/index.ts';
import { Comments } from '../../comments/index.ts';
import type { CaseDetail } from '../form/case-api.ts';
import { useKeptTreeSearch } from '../../../shared/tree/use-tree-search.ts';
import { CaseDetails } from './CaseDetails.tsx';
import { CaseHistory } from './CaseHistory.tsx';
import { CasePreviewDialog, type CasePreviewAction } from './CasePreviewDialog.tsx';
import { CaseTests } from './CaseTests.tsx';
import { useCaseActions } from './use-case-actions.ts';

interface CaseViewProps {
  projectId: number;
  shown: CaseDetail;
  viewedVersion: number;
  onVersion(version: number): void;
  onCopy(): void;
  onClose(): void;
}

/** The case in the drawer: its versions and actions, what it says, and its comments, tests and history. */
export function CaseView({ projectId, shown, viewedVersion, onVersion, onCopy, onClose }: CaseViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const keepSearch = useKeptTreeSearch();
  const menu = useRef<Menu>(null);
  const [commentCount, setCommentCount] = useState<number | null>(null);
  const [previewing, setPreviewing] = useState<CasePreviewAction | null>(null);
  const latest = shown.versions[0] ?? shown.current_version;
  const actions = useCaseActions(projectId, shown, () => onVersion(latest));

  const edit = () => {
    const query = new URLSearchParams({ test_case: String(shown.id), prevUrl: location.pathname + location.search });
    if (viewedVersion !== latest) query.set('version', String(viewedVersion));
    void navigate(keepSearch(`/projects/${projectId}/suites/edit-test-case?${query.toString()}`));
  };
  const menuItems = [
    shown.is_archive
      ? { label: t('caseDrawer.unarchive'), icon: 'pi pi-replay', command: actions.unarchive }
      : { label: t('caseDrawer.archive'), icon: 'pi pi-box', command: () => setPreviewing('archive') },
    { label: t('common.delete'), icon: 'pi pi-trash', command: () => setPreviewing('delete') },
  ];

  return (
    <div className="case-view">
      <header className="case-view__header">
        <h2>{shown.name}</h2>
        {shown.is_archive && <Tag value={t('caseDrawer.archivedTag')} severity="secondary" />}
      </header>
      <div className="case-view__toolbar">
        {shown.versions.length > 1 && (
          <Dropdown
            value={viewedVersion}
            options={shown.versions.map((version) => ({ value: version, label: t('caseDrawer.versionLabel', { version }) }))}
            onChange={(event) => onVersion(event.value as number)}
            aria-label={t('caseDrawer.version')}
            className="case-view__versions"
          />
        )}
        <Button label={t('caseDrawer.edit')} icon="pi pi-pencil" outlined size="small" onClick={edit} />
        <Button label={t('caseDrawer.copy')} icon="pi pi-copy" outlined size="small" onClick={onCopy} />
        <Menu model={menuItems} popup ref={menu} />
        <Button
          icon="pi pi-ellipsis-v"
          text
          rounded
          severity="secondary"
          aria-label={t('caseDrawer.more')}
          aria-haspopup
          onClick={(event) => menu.current?.toggle(event)}
        />
      </div>
      {viewedVersion !== latest && (
        <Message
          severity="warn"
          className="case-view__old-version"
          content={
            <span className="case-view__banner">
              {t('caseDrawer.oldVersion', { version: viewedVersion, latest })}
              <Button label={t('caseDrawer.restoreVersion')} size="small" onClick={() => actions.restoreVersion(viewedVersion)} />
            </span>
          }
        />
      )}
      <CaseDetails shown={shown} />
      <TabView className="case-view__tabs">
        <TabPanel header={commentCount === null ? t('comments.title') : t('caseDrawer.commentsCount', { count: commentCount })}>
          <Comments model="testcase" objectId={shown.id} projectId={projectId} onCount={setCommentCount} />
        </TabPanel>
        <TabPanel header={t('caseDrawer.tests')}>
          <CaseTests projectId={projectId} caseId={shown.id} />
        </TabPanel>
        <TabPanel header={t('caseDrawer.history')}>
          <CaseHistory projectId={projectId} caseId={shown.id} />
        </TabPanel>
        <TabPanel header={t('audit.tab')}>
          <ObjectHistory projectId={projectId} type="case" id={shown.id} />
        </TabPanel>
      </TabView>
      {previewing && (
        <CasePreviewDialog
          action={previewing}
          shown={shown}
          onClose={() => setPreviewing(null)}
          onDone={() => {
            announceChange(topics.suites(projectId));
            if (previewing === 'delete') onClose();
          }}
        />
      )}
    </div>
  );
}
