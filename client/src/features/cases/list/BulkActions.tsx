import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useOpenBulkDialog, useBulkActionWait } from '../../bulk-jobs/index.ts';
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
  const { open, show, close } = useOpenBulkDialog<'move' | 'labels', BulkTarget>();
  const count = open?.target.count ?? target.count;
  if (count === 0) return null;
  const done = () => {
    close();
    onClear();
  };
  return (
    <div className="list-view__bulk" role="toolbar" aria-label={t('caseList.bulk.selected', { count })}>
      <span>{t('caseList.bulk.selected', { count })}</span>
      <Button label={t('caseList.bulk.move')} icon="pi pi-arrow-right" size="small" {...wait} onClick={() => show('move', target)} />
      <Button label={t('caseList.bulk.labels')} icon="pi pi-tags" size="small" {...wait} onClick={() => show('labels', target)} />
      <Button label={t('caseList.bulk.unselect')} icon="pi pi-times" size="small" text onClick={onClear} />
      {open?.action === 'move' && <MoveCasesDialog projectId={projectId} target={open.target} onClose={close} onDone={done} />}
      {open?.action === 'labels' && <BulkLabelsDialog projectId={projectId} target={open.target} onClose={close} onDone={done} />}
    </div>
  );
}
