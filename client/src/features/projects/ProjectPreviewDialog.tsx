import { useObservable, useObservableState } from 'observable-hooks';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useTranslation } from 'react-i18next';
import { EMPTY, type Observable, catchError, map, switchMap } from 'rxjs';
import { notify } from '../../app/toasts.ts';
import { useAction } from '../../app/use-action.ts';
import type { PreviewRow, Project } from './project.ts';
import { projectApi } from './project-api.ts';
import { announceProjectChange } from './project-changes.ts';

export type PreviewAction = 'archive' | 'delete';

const run: Record<PreviewAction, { preview(id: number): Observable<PreviewRow[]>; execute(id: number): Observable<unknown> }> = {
  archive: { preview: projectApi.archivePreview, execute: projectApi.archive },
  delete: { preview: projectApi.deletePreview, execute: projectApi.remove },
};

/** Archive or delete after showing what goes with the project (§2, §4.13: rows with a count of 0 are hidden). */
export function ProjectPreviewDialog({ action, project, onClose, onDone }: { action: PreviewAction; project: Project; onClose(): void; onDone?(): void }) {
  const { t } = useTranslation();
  const preview$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([id, kind]) => run[kind].preview(id).pipe(catchError(() => EMPTY))),
        map((rows) => rows.filter((row) => row.count > 0)),
      ),
    [project.id, action] as const,
  );
  const rows = useObservableState(preview$, null);

  const [confirm, execution] = useAction(
    () => run[action].execute(project.id),
    ({ state }) => {
      if (state !== 'done') return; // The data layer has reported the failure.
      announceProjectChange(project.id);
      notify({ severity: 'success', summary: t(`projects.${action}.done`, { name: project.name }) });
      onClose();
      onDone?.();
    },
  );

  const footer = (
    <>
      <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={onClose} />
      <Button
        type="button"
        label={t(`projects.${action}.confirm`)}
        icon={action === 'delete' ? 'pi pi-trash' : 'pi pi-box'}
        severity={action === 'delete' ? 'danger' : 'warning'}
        loading={execution.state === 'running'}
        disabled={rows === null}
        onClick={() => confirm(undefined)}
      />
    </>
  );

  return (
    <Dialog visible modal header={t(`projects.${action}.title`, { name: project.name })} footer={footer} onHide={onClose} style={{ width: '600px' }} breakpoints={{ '640px': '95vw' }}>
      <p className="preview__question">{t(`projects.${action}.question`, { name: project.name })}</p>
      {rows === null ? <ProgressSpinner style={{ width: 32, height: 32 }} strokeWidth="4" /> : <PreviewList rows={rows} />}
      <Message severity="warn" text={t('projects.previewWarning')} className="preview__warning" />
    </Dialog>
  );
}

function PreviewList({ rows }: { rows: PreviewRow[] }) {
  const { t } = useTranslation();
  return (
    <ul className="preview__rows" aria-label={t('projects.affected')}>
      {rows.map((row) => (
        <li key={`${row.verbose_name}/${row.verbose_name_related_model}`}>
          <span>{t(`models.${row.verbose_name}`, { defaultValue: row.verbose_name })}</span>
          <strong>{row.count}</strong>
        </li>
      ))}
    </ul>
  );
}
