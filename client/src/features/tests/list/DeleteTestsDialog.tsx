import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../forms/FormDialog.tsx';
import { FormField } from '../../../forms/FormField.tsx';
import { useTestsBulkForm, type TestsBulkDialogProps } from './use-tests-bulk-form.ts';

type DeleteValues = { typed: string };

/** tests-and-results §5: Delete waits until the box holds the selected count, compared without regard to case. */
const confirmsCount = (typed: string, count: number) =>
  typed.trim().localeCompare(String(count), undefined, { sensitivity: 'accent' }) === 0;

/** Bulk delete: every selected test goes, once the user typed how many they are. */
export function DeleteTestsDialog({ target, onClose, onDone }: TestsBulkDialogProps) {
  const { t } = useTranslation();
  const form = useTestsBulkForm<DeleteValues>({
    target,
    defaultValues: { typed: '' },
    change: () => ({ is_deleted: true }),
    doneMessage: t('testList.bulk.deleted'),
    onDone,
  });
  return (
    <FormDialog
      formId="delete-tests"
      header={t('testList.bulk.deleteTitle')}
      submitLabel={t('testList.bulk.delete')}
      width="478px"
      submitDisabled={!confirmsCount(form.watch('typed'), target.count)}
      onClose={onClose}
      {...form.submitProps}
    >
      <p>{t('testList.bulk.deleteWarning', { count: target.count })}</p>
      <FormField id="delete-tests-count" label={t('testList.bulk.deleteConfirm', { count: target.count })}>
        <InputText id="delete-tests-count" autoComplete="off" {...form.register('typed')} />
      </FormField>
    </FormDialog>
  );
}
