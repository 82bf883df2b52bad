import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBulkActionWait } from '../../bulk-jobs/use-running-bulk-job.ts';
import type { BulkTarget } from './bulk-change.ts';
import { BulkLabelsDialog } from './BulkLabelsDialog.tsx';
import { MoveCasesDialog } from './MoveCasesDialog.tsx';

interface BulkActionsProps {
  projectId: number;
  target: BulkTarget;
  /** After a change went through or went on in the background, or when the user drops the selection. */
  onClear(): void;
}

/**
 * The bar above a list while cases are selected: the count, Move and Labels (§2
 * "Bulk operation dialogs"), which wait while a job of the user's runs in the project.
 */
export function BulkActions({ projectId, target, onClear }: BulkActionsProps) {
  const { t } = useTranslation();
  const wait = useBulkActionWait(projectId);
  const [dialog, setDialog] = useState<'move' | 'labels' | null>(null);
  if (target.count === 0) return null;
  const done = () => {
    setDialog(null);
    onClear();
  };
  return (
    <div className="list-view__bulk" role="toolbar" aria-label={t('caseList.bulk.selected', { count: target.count })}>
      <span>{t('caseList.bulk.selected', { count: target.count })}</span>
      <Button label={t('caseList.bulk.move')} icon="pi pi-arrow-right" size="small" {...wait} onClick={() => setDialog('move')} />
      <Button label={t('caseList.bulk.labels')} icon="pi pi-tags" size="small" {...wait} onClick={() => setDialog('labels')} />
      <Button label={t('caseList.bulk.unselect')} icon="pi pi-times" size="small" text onClick={onClear} />
      {dialog === 'move' && <MoveCasesDialog projectId={projectId} target={target} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'labels' && <BulkLabelsDialog projectId={projectId} target={target} onClose={() => setDialog(null)} onDone={done} />}
    </div>
  );
}
