import type { CaseDetail } from '@testament/contracts';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResultActionsProps } from '../../results/index.ts';
import { CaseDetails } from '../../cases/index.ts';
import { TestActivity } from './TestActivity.tsx';
import { TestAssignee } from './TestAssignee.tsx';
import type { Test } from './test-drawer-api.ts';

interface TestViewProps {
  projectId: number;
  test: Test;
  /** The test's case at its current version. */
  found: CaseDetail;
  /** An archived project (or test): no new results, no edits, no assignment (§6). */
  readOnly: boolean;
  onAddResult(): void;
  resultActions: Omit<ResultActionsProps, 'currentVersion' | 'readOnly'>;
}

/**
 * The test in the drawer: its case's actual version and Add Result, what the case says, the assignee, and the thread (tests-and-results
 * §2).
 */
export function TestView({ projectId, test, found, readOnly, onAddResult, resultActions }: TestViewProps) {
  const { t } = useTranslation();
  const caseAddress = `/projects/${projectId}/suites/${found.suite.id}?test_case=${found.id}&version=${found.current_version}`;
  return (
    <div className="test-view">
      <div className="test-view__toolbar">
        <Link to={caseAddress} className="test-view__case-link">
          <i className="pi pi-external-link" aria-hidden /> {t('testDrawer.actualVersion', { version: found.current_version })}
        </Link>
        <Button label={t('testDrawer.addResult')} icon="pi pi-plus" size="small" disabled={readOnly} onClick={onAddResult} />
      </div>
      <header className="test-view__header">
        <h2>{test.name}</h2>
        {test.is_archive && <Tag value={t('testDrawer.archivedTag')} severity="secondary" />}
      </header>
      <CaseDetails shown={found}>
        <TestAssignee projectId={projectId} test={test} readOnly={readOnly} />
      </CaseDetails>
      <TestActivity
        projectId={projectId}
        test={test}
        resultActions={{ ...resultActions, currentVersion: found.current_version, readOnly }}
      />
    </div>
  );
}
