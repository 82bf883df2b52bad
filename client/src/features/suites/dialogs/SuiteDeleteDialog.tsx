import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PreviewDialog } from '../../../components/PreviewDialog.tsx';
import { notify } from '../../../app/toasts.ts';
import { useAction } from '../../../app/use-action.ts';
import { announceSuitesChange, goneSuites, suiteApi, type SuiteRef } from '../../../entities/suite/suite-api.ts';
import { suitePaths } from '../../../shared/tree/suite-paths.ts';
import { useKeptTreeSearch } from '../../../shared/tree/use-tree-search.ts';

/** Delete after showing what goes with the suite (§ Suite pages, §4.13). */
export function SuiteDeleteDialog({
  projectId,
  suite,
  selectedPath,
  onClose,
}: {
  projectId: number;
  suite: SuiteRef;
  selectedPath: readonly number[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keepSearch = useKeptTreeSearch();
  // Deleting the selected suite or one above it leaves for the project's root; the suites on the way stop being asked for.
  const leaving = selectedPath.includes(suite.id) ? selectedPath.slice(selectedPath.indexOf(suite.id)) : [];
  const [confirm, deletion] = useAction(
    () => {
      goneSuites.add(leaving);
      if (leaving.length > 0) void navigate(keepSearch(suitePaths.root(projectId)));
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
  return (
    <PreviewDialog
      header={t('suites.delete.title', { name: suite.name })}
      question={t('suites.delete.question', { name: suite.name })}
      loadPreview={() => suiteApi.deletePreview(suite.id)}
      previewKey={String(suite.id)}
      rowLabel={(row) => (
        <>
          {t(`suites.delete.models.${row.verbose_name}`, { defaultValue: row.verbose_name })}{' '}
          <small className="preview__model">({row.verbose_name_related_model})</small>
        </>
      )}
      affectedLabel={t('suites.delete.affected')}
      warning={t('suites.delete.warning')}
      confirm={{
        label: t('suites.delete.confirm'),
        icon: 'pi pi-trash',
        severity: 'danger',
        running: deletion.state === 'running',
        onClick: () => confirm(undefined),
      }}
      onClose={onClose}
    />
  );
}
