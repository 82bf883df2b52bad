import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import type { PreviewRow } from '@testament/contracts';
import { PreviewDialog } from '../../../components/PreviewDialog.tsx';
import { notify } from '../../../app/toasts.ts';
import { useAction } from '../../../app/use-action.ts';
import { caseApi, type CaseDetail } from '../form/case-api.ts';

export type CasePreviewAction = 'archive' | 'delete';

const run: Record<CasePreviewAction, { preview(id: number): Observable<PreviewRow[]>; execute(id: number): Observable<unknown> }> = {
  archive: { preview: caseApi.archivePreview, execute: caseApi.archive },
  delete: { preview: caseApi.deletePreview, execute: caseApi.remove },
};

/** Archive or delete after showing what goes with the case (§4.13), as projects and suites do. */
export function CasePreviewDialog({
  action,
  shown,
  onClose,
  onDone,
}: {
  action: CasePreviewAction;
  shown: CaseDetail;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const [confirm, execution] = useAction(
    () => run[action].execute(shown.id),
    ({ state }) => {
      if (state !== 'done') return; // The data layer has reported the failure.
      notify({ severity: 'success', summary: t(action === 'delete' ? 'caseDrawer.deleted' : 'caseDrawer.archived') });
      onClose();
      onDone();
    },
  );
  return (
    <PreviewDialog
      header={t(action === 'delete' ? 'caseDrawer.deleteTitle' : 'caseDrawer.archiveTitle')}
      question={t(action === 'delete' ? 'caseDrawer.deleteQuestion' : 'caseDrawer.archiveQuestion', { name: shown.name })}
      loadPreview={() => run[action].preview(shown.id)}
      previewKey={`${action}/${shown.id}`}
      rowLabel={(row) =>
        row.verbose_name === 'source model' ? t('caseDrawer.itself') : t(`models.${row.verbose_name}`, { defaultValue: row.verbose_name })
      }
      affectedLabel={t('caseDrawer.affected')}
      warning={t('caseDrawer.previewWarning')}
      confirm={{
        label: action === 'delete' ? t('common.delete') : t('caseDrawer.archive'),
        icon: action === 'delete' ? 'pi pi-trash' : 'pi pi-box',
        severity: action === 'delete' ? 'danger' : 'warning',
        running: execution.state === 'running',
        onClick: () => confirm(undefined),
      }}
      onClose={onClose}
    />
  );
}
