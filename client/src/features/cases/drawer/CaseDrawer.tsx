import { ProgressSpinner } from 'primereact/progressspinner';
import { Sidebar } from 'primereact/sidebar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { changesOf, topics } from '../../../app/changes.ts';
import { readLocal, writeLocal } from '../../../app/local-settings.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { caseApi } from '../form/case-api.ts';
import { ResizeHandle } from '../../../components/ResizeHandle.tsx';
import { CaseView } from './CaseView.tsx';
import { CopyCaseDialog } from './CopyCaseDialog.tsx';
import './case-drawer.css';

/** Drawers open 500 px wide (§9) and may be widened to 70 % of the window. */
const DRAWER = { initial: 500, min: 360, maxShare: 0.7 } as const;
const drawerWidth = (wanted: number) => Math.max(DRAWER.min, Math.min(wanted, window.innerWidth * DRAWER.maxShare));
/** The width the user last left the drawer at, in this browser (§3 Local settings). */
const storedWidth = () => drawerWidth(Number(readLocal('case-drawer-width')) || DRAWER.initial);

const numberOrNull = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : null);

/**
 * The case drawer (tests-and-results §2 Case drawer), opened by `?test_case=` on
 * a suite page; `?version=` picks an older version. Kept current as the case
 * and its comments change.
 */
export function CaseDrawer({ projectId, caseId, onClose }: { projectId: number; caseId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const version = numberOrNull(params.get('version'));
  const [copying, setCopying] = useState(false);
  const [width, setWidth] = useState(storedWidth);
  const found = useLiveQuery({ caseId, version }, () => changesOf(topics.suites(projectId)), (query) => caseApi.watch(query.caseId, query.version)).data;
  const shown = found?.id === caseId ? found : null;

  /** The latest version is the case itself: no `version` in the address. */
  const showVersion = (chosen: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (chosen === shown?.versions[0]) next.delete('version');
      else next.set('version', String(chosen));
      return next;
    });

  return (
    <Sidebar
      visible
      position="right"
      onHide={onClose}
      className="case-drawer"
      style={{ width: `${width}px`, maxWidth: `${DRAWER.maxShare * 100}%` }}
      ariaCloseLabel={t('caseDrawer.close')}
      header={<span className="case-drawer__kind">{t('caseDrawer.title')}</span>}
    >
      <ResizeHandle
        className="case-drawer__resize"
        label={t('caseDrawer.resize')}
        width={width}
        grows="left"
        widthAt={(clientX) => window.innerWidth - clientX}
        onResize={(wanted) => setWidth(drawerWidth(wanted))}
        onRelease={(wanted) => {
          const settled = Math.round(drawerWidth(wanted));
          setWidth(settled);
          writeLocal('case-drawer-width', String(settled));
        }}
      />
      {shown ? (
        <CaseView projectId={projectId} shown={shown} viewedVersion={version ?? shown.current_version} onVersion={showVersion} onCopy={() => setCopying(true)} onClose={onClose} />
      ) : (
        <ProgressSpinner className="case-drawer__loading" />
      )}
      {copying && shown && <CopyCaseDialog projectId={projectId} source={shown} onClose={() => setCopying(false)} />}
    </Sidebar>
  );
}
