import { Controller } from 'react-hook-form';
import { Tree } from 'primereact/tree';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../forms/FormDialog.tsx';
import { FormField } from '../../../forms/FormField.tsx';
import { useBulkForm } from '../../bulk-jobs/index.ts';
import { useSuiteNodes } from '../../../entities/suite/suite-nodes.ts';
import type { BulkTarget } from './bulk-change.ts';

interface MoveCasesDialogProps {
  projectId: number;
  target: BulkTarget;
  onClose(): void;
  onDone(): void;
}

type MoveValues = { suite: number | null };

/** Bulk move: pick a suite from the project's tree, then every selected case goes there (§2 "Bulk operation dialogs"). */
export function MoveCasesDialog({ projectId, target, onClose, onDone }: MoveCasesDialogProps) {
  const { t } = useTranslation();
  const suites = useSuiteNodes(projectId);
  const form = useBulkForm<MoveValues>({
    defaultValues: { suite: null },
    fields: ['suite'],
    send: ({ suite }) => target.send({ suite: suite! }),
    doneMessage: t('caseList.bulk.moved'),
    onDone,
  });
  const chosen = form.watch('suite');
  return (
    <FormDialog
      formId="move-cases"
      header={t('caseList.bulk.moveTitle')}
      submitLabel={t('caseList.bulk.move')}
      width="600px"
      submitDisabled={chosen === null}
      onClose={onClose}
      {...form.submitProps}
    >
      <p>{t('caseList.bulk.casesAffected', { count: target.count })}</p>
      <FormField id="move-cases-suite" label={t('caseList.bulk.moveTarget')} error={form.errors.suite}>
        <Controller
          name="suite"
          control={form.control}
          render={({ field }) => (
            <Tree
              id="move-cases-suite"
              value={suites ?? []}
              loading={suites === null}
              selectionMode="single"
              selectionKeys={field.value === null ? null : String(field.value)}
              onSelectionChange={(event) => field.onChange(typeof event.value === 'string' ? Number(event.value) : null)}
              filter
              filterPlaceholder={t('common.search')}
              className="case-list__suite-tree"
              pt={{ container: { 'aria-labelledby': 'move-cases-suite-label' } }}
            />
          )}
        />
      </FormField>
    </FormDialog>
  );
}
