import { useTranslation } from 'react-i18next';
import { announceChange, topics } from '../../../app/changes.ts';
import { notifyRefusal } from '../../../app/refusal.ts';
import { notify } from '../../../app/toasts.ts';
import { caseApi, type CaseDetail } from '../form/case-api.ts';

/**
 * The drawer's writes on the case (§4) that need no preview: restoring from the archive and restoring an old version (archive and delete:
 * CasePreviewDialog).
 */
export function useCaseActions(projectId: number, shown: CaseDetail, onRestored: () => void) {
  const { t } = useTranslation();
  const changed = () => announceChange(topics.suites(projectId));
  const succeeded = (summary: string) => {
    changed();
    notify({ severity: 'success', summary });
  };
  return {
    unarchive: () =>
      caseApi
        .unarchive(shown.id)
        .subscribe({ next: () => succeeded(t('caseDrawer.unarchived')), error: (error: unknown) => notifyRefusal(t, error) }),
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
