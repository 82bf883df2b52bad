import type { PreviewRow } from '@testament/contracts';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import { PreviewDialog } from '../../../components/PreviewDialog.tsx';
import { notify } from '../../../app/toasts.ts';
import { useAction } from '../../../app/use-action.ts';
import { planApi, type PlanRef } from '../../../entities/plan/plan-api.ts';

export type PlanPreviewAction = 'archive' | 'delete';

const run: Record<PlanPreviewAction, { preview(id: number): Observable<PreviewRow[]>; execute(id: number): Observable<unknown> }> = {
  archive: { preview: planApi.archivePreview, execute: planApi.archive },
  delete: { preview: planApi.deletePreview, execute: planApi.remove },
};

interface PlanPreviewDialogProps {
  action: PlanPreviewAction;
  plan: PlanRef;
  /** Before the call: a delete leaves the plan's page first. */
  onStart?(): void;
  /** After a refusal: what `onStart` did is undone. */
  onFailed?(): void;
  onDone(): void;
  onClose(): void;
}

/** Archive or delete a plan with its subtree, after showing its tests and results that go with it (§4.13); rows of 0 are left out. */
export function PlanPreviewDialog({ action, plan, onStart, onFailed, onDone, onClose }: PlanPreviewDialogProps) {
  const { t } = useTranslation();
  const [confirm, execution] = useAction(
    () => {
      onStart?.();
      return run[action].execute(plan.id);
    },
    ({ state }) => {
      if (state !== 'done') return onFailed?.(); // The data layer has reported the failure.
      notify({ severity: 'success', summary: t(`plans.${action}.done`, { name: plan.title }) });
      onClose();
      onDone();
    },
  );
  return (
    <PreviewDialog
      header={t(`plans.${action}.title`, { name: plan.title })}
      question={t(`plans.${action}.question`, { name: plan.title })}
      loadPreview={() => run[action].preview(plan.id)}
      previewKey={`${action}/${plan.id}`}
      rowLabel={(row) =>
        row.verbose_name === 'source model' ? t('plans.preview.plans') : t(`models.${row.verbose_name}`, { defaultValue: row.verbose_name })
      }
      affectedLabel={t('plans.preview.affected')}
      warning={t(`plans.${action}.warning`)}
      confirm={{
        label: t(`plans.${action}.confirm`),
        icon: action === 'delete' ? 'pi pi-trash' : 'pi pi-box',
        severity: action === 'delete' ? 'danger' : 'warning',
        running: execution.state === 'running',
        onClick: () => confirm(undefined),
      }}
      onClose={onClose}
    />
  );
}
