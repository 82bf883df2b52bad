import type { PreviewRow } from '@testament/contracts';
import { useObservable, useObservableState } from 'observable-hooks';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useTranslation } from 'react-i18next';
import { EMPTY, catchError, switchMap } from 'rxjs';
import { useNavigate } from 'react-router';
import { notify } from '../../../app/toasts.ts';
import { useAction } from '../../../app/use-action.ts';
import { announceSuitesChange, goneSuites, suiteApi, type SuiteRef } from '../suite-api.ts';
import { suitePaths } from '../suite-paths.ts';

/** Delete after showing what goes with the suite (§ Suite pages, §4.13: rows of 0 are left out). */
export function SuiteDeleteDialog({ projectId, suite, selectedPath, onClose }: { projectId: number; suite: SuiteRef; selectedPath: readonly number[]; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Deleting the selected suite or one above it leaves for the project's root; the suites on the way stop being asked for.
  const leaving = selectedPath.includes(suite.id) ? selectedPath.slice(selectedPath.indexOf(suite.id)) : [];
  const preview$ = useObservable((inputs$) => inputs$.pipe(switchMap(([id]) => suiteApi.deletePreview(id).pipe(catchError(() => EMPTY)))), [suite.id] as const);
  const rows = useObservableState(preview$, null);
  const [confirm, deletion] = useAction(
    () => {
      goneSuites.add(leaving);
      if (leaving.length > 0) void navigate(suitePaths.root(projectId));
      return suiteApi.remove(suite.id);
    },
    ({ state }) => {
      if (state !== 'done') {
        goneSuites.remove(leaving);
        return; // The data layer has reported the failure.
      }
      announceSuitesChange(projectId);
      notify({ severity: 'success', summary: t('suites.delete.done', { name: suite.name }) });
      onClose();
    },
  );
  const footer = (
    <>
      <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={onClose} />
      <Button
        type="button"
        label={t('suites.delete.confirm')}
        icon="pi pi-trash"
        severity="danger"
        loading={deletion.state === 'running'}
        disabled={rows === null}
        onClick={() => confirm(undefined)}
      />
    </>
  );
  return (
    <Dialog visible modal header={t('suites.delete.title', { name: suite.name })} footer={footer} onHide={onClose} style={{ width: '600px' }} breakpoints={{ '640px': '95vw' }}>
      <p className="preview__question">{t('suites.delete.question', { name: suite.name })}</p>
      {rows === null ? <ProgressSpinner style={{ width: 32, height: 32 }} strokeWidth="4" /> : <AffectedRows rows={rows.filter((row) => row.count > 0)} />}
      <Message severity="warn" text={t('suites.delete.warning')} className="preview__warning" />
    </Dialog>
  );
}

/** Each row: what is affected, in which model, how many. */
function AffectedRows({ rows }: { rows: PreviewRow[] }) {
  const { t } = useTranslation();
  return (
    <ul className="preview__rows" aria-label={t('suites.delete.affected')}>
      {rows.map((row) => (
        <li key={`${row.verbose_name}/${row.verbose_name_related_model}`}>
          <span>
            {t(`suites.delete.models.${row.verbose_name}`, { defaultValue: row.verbose_name })} <small className="preview__model">({row.verbose_name_related_model})</small>
          </span>
          <strong>{row.count}</strong>
        </li>
      ))}
    </ul>
  );
}
