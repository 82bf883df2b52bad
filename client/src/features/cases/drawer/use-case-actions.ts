import { useTranslation } from 'react-i18next';
import { announceChange, topics } from '../../../app/changes.ts';
import { notifyRefusal } from '../../../app/refusal.ts';
import { notify } from '../../../app/toasts.ts';
import { caseApi, type CaseDetail } from '../form/case-api.ts';
import { confirmWithPreview } from './preview-confirm.ts';

/** The drawer's writes on the case (§4): archive and its restore, delete, and restoring an old version. */
export function useCaseActions(projectId: number, shown: CaseDetail, onDeleted: () => void, onRestored: () => void) {
  const { t } = useTranslation();
  const changed = () => announceChange(topics.suites(projectId));
  const succeeded = (summary: string) => {
    changed();
    notify({ severity: 'success', summary });
  };
  return {
    archive: () =>
      confirmWithPreview(t, {
        header: t('caseDrawer.archiveTitle'),
        question: t('caseDrawer.archiveQuestion', { name: shown.name }),
        acceptLabel: t('caseDrawer.archive'),
        preview: caseApi.archivePreview(shown.id),
        run: () => caseApi.archive(shown.id),
        onDone: changed,
        doneMessage: t('caseDrawer.archived'),
      }),
    unarchive: () =>
      caseApi.unarchive(shown.id).subscribe({ next: () => succeeded(t('caseDrawer.unarchived')), error: (error: unknown) => notifyRefusal(t, error) }),
    remove: () =>
      confirmWithPreview(t, {
        header: t('caseDrawer.deleteTitle'),
        question: t('caseDrawer.deleteQuestion', { name: shown.name }),
        acceptLabel: t('common.delete'),
        preview: caseApi.deletePreview(shown.id),
        run: () => caseApi.remove(shown.id),
        onDone: () => {
          changed();
          onDeleted();
        },
        doneMessage: t('caseDrawer.deleted'),
      }),
    restoreVersion: (version: number) =>
      caseApi.restoreVersion(shown.id, version).subscribe({
        next: () => {
          succeeded(t('caseDrawer.versionRestored', { version }));
          onRestored();
        },
        error: (error: unknown) => notifyRefusal(t, error),
      }),
  };
}
