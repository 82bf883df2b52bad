import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../forms/FormDialog.tsx';
import { FormField } from '../../../forms/FormField.tsx';
import { PlanTreeSelect } from '../../../entities/plan/PlanTreeSelect.tsx';
import { useTestsBulkForm, type TestsBulkDialogProps } from './use-tests-bulk-form.ts';

type MoveValues = { plan: number | null };

/** Bulk move: pick a plan from the project's tree, then every selected test goes there (tests-and-results §2 "Bulk operation dialogs"). */
export function MoveTestsDialog({ target, onClose, onDone }: TestsBulkDialogProps) {
  const { t } = useTranslation();
  const form = useTestsBulkForm<MoveValues>({
    target,
    defaultValues: { plan: null },
    change: ({ plan }) => ({ plan_id: plan! }),
    doneMessage: t('testList.bulk.moved'),
    onDone,
  });
  const chosen = form.watch('plan');
  return (
    <FormDialog
      formId="move-tests"
      header={t('testList.bulk.moveTitle')}
      submitLabel={t('testList.bulk.move')}
      width="600px"
      submitDisabled={chosen === null}
      onClose={onClose}
      {...form.submitProps}
    >
      <p>{t('testList.bulk.testsAffected', { count: target.count })}</p>
      <FormField id="move-tests-plan" label={t('testList.bulk.moveTarget')}>
        <Controller
          name="plan"
          control={form.control}
          render={({ field }) => (
            <PlanTreeSelect
              id="move-tests-plan"
              projectId={target.projectId}
              value={field.value}
              onChange={field.onChange}
              placeholder={t('testList.bulk.choosePlan')}
            />
          )}
        />
      </FormField>
    </FormDialog>
  );
}
