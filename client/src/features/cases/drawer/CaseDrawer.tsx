import { ProgressSpinner } from 'primereact/progressspinner';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { ResizableDrawer } from '../../../components/ResizableDrawer.tsx';
import { caseApi } from '../form/case-api.ts';
import { CaseView } from './CaseView.tsx';
import { CopyCaseDialog } from './CopyCaseDialog.tsx';
import './case-drawer.css';

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
  const found = useLiveQuery(
    { caseId, version },
    () => changesOf(topics.suites(projectId)),
    (query) => caseApi.watch(query.caseId, query.version),
  ).data;
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
    <ResizableDrawer
      widthSetting="case-drawer-width"
      className="case-drawer"
      header={<span className="case-drawer__kind">{t('caseDrawer.title')}</span>}
      closeLabel={t('caseDrawer.close')}
      resizeLabel={t('caseDrawer.resize')}
      onClose={onClose}
    >
      {shown ? (
        <CaseView
          projectId={projectId}
          shown={shown}
          viewedVersion={version ?? shown.current_version}
          onVersion={showVersion}
          onCopy={() => setCopying(true)}
          onClose={onClose}
        />
      ) : (
        <ProgressSpinner className="case-drawer__loading" />
      )}
      {copying && shown && <CopyCaseDialog projectId={projectId} source={shown} onClose={() => setCopying(false)} />}
    </ResizableDrawer>
  );
}
