import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import { PreviewDialog } from '../../components/PreviewDialog.tsx';
import { notify } from '../../app/toasts.ts';
import { useAction } from '../../app/use-action.ts';
import type { PreviewRow, Project } from '../../entities/project/project.ts';
import { projectApi } from '../../entities/project/project-api.ts';
import { announceProjectChange } from '../../entities/project/project-changes.ts';

export type PreviewAction = 'archive' | 'delete';

const run: Record<PreviewAction, { preview(id: number): Observable<PreviewRow[]>; execute(id: number): Observable<unknown> }> = {
  archive: { preview: projectApi.archivePreview, execute: projectApi.archive },
  delete: { preview: projectApi.deletePreview, execute: projectApi.remove },
};

/** Archive or delete after showing what goes with the project (§2, §4.13). */
export function ProjectPreviewDialog({
  action,
  project,
  onClose,
  onDone,
}: {
  action: PreviewAction;
  project: Project;
  onClose(): void;
  onDone?(): void;
}) {
  const { t } = useTranslation();
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
  return (
    <PreviewDialog
      header={t(`projects.${action}.title`, { name: project.name })}
      question={t(`projects.${action}.question`, { name: project.name })}
      loadPreview={() => run[action].preview(project.id)}
      previewKey={`${action}/${project.id}`}
      rowLabel={(row) => t(`models.${row.verbose_name}`, { defaultValue: row.verbose_name })}
      affectedLabel={t('projects.affected')}
      warning={t('projects.previewWarning')}
      confirm={{
        label: t(`projects.${action}.confirm`),
        icon: action === 'delete' ? 'pi pi-trash' : 'pi pi-box',
        severity: action === 'delete' ? 'danger' : 'warning',
        running: execution.state === 'running',
        onClick: () => confirm(undefined),
      }}
      onClose={onClose}
    />
  );
}
