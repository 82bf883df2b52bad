import { Dropdown } from 'primereact/dropdown';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../forms/FormDialog.tsx';
import { FormField } from '../../../forms/FormField.tsx';
import { useAssigneeOptions } from './use-assignee-options.ts';
import { useTestsBulkForm, type TestsBulkDialogProps } from './use-tests-bulk-form.ts';

/** A user's id, or nobody: the assignee cleared (tests-and-results §4 Unassign). */
type AssignValues = { assignee: number | 'nobody' | null };

/** Bulk assign: one of the project's active users (cases-and-plans §6), or nobody, becomes every selected test's assignee. */
export function AssignTestsDialog({ target, onClose, onDone }: TestsBulkDialogProps) {
  const { t } = useTranslation();
  const form = useTestsBulkForm<AssignValues>({
    target,
    defaultValues: { assignee: null },
    change: ({ assignee }) => ({ assignee_id: assignee === 'nobody' ? null : assignee }),
    doneMessage: t('testList.bulk.assigned'),
    onDone,
  });
  const assignee = form.watch('assignee');
  const { users, search } = useAssigneeOptions(target.projectId, typeof assignee === 'number' ? [assignee] : []);
  const options = [
    { value: 'nobody', label: t('testList.bulk.unassign') },
    ...users.filter((user) => user.is_active).map((user) => ({ value: user.id, label: user.username })),
  ];
  return (
    <FormDialog
      formId="assign-tests"
      header={t('testList.bulk.assignTitle')}
      submitLabel={t(assignee === 'nobody' ? 'testList.bulk.unassign' : 'testList.bulk.assign')}
      width="478px"
      submitDisabled={assignee === null}
      onClose={onClose}
      {...form.submitProps}
    >
      <p>{t('testList.bulk.testsAffected', { count: target.count })}</p>
      <FormField id="assign-tests-user" label={t('testList.bulk.assignee')}>
        <Controller
          name="assignee"
          control={form.control}
          render={({ field }) => (
            <Dropdown
              inputId="assign-tests-user"
              value={field.value}
              options={options}
              onChange={(event) => field.onChange(event.value)}
              filter
              onFilter={(event) => search(event.filter)}
              placeholder={t('testList.bulk.chooseUser')}
            />
          )}
        />
      </FormField>
    </FormDialog>
  );
}
