import { Controller } from 'react-hook-form';
import { MultiSelect } from 'primereact/multiselect';
import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../forms/FormDialog.tsx';
import { FormField } from '../../../forms/FormField.tsx';
import { useActionForm } from '../../../forms/use-form-action.ts';
import { labelApi } from '../../labels/label.ts';
import { useCatalogueList } from '../../project-catalogue/use-catalogue.ts';
import { bulkChanged, type BulkTarget } from './bulk-change.ts';

interface BulkLabelsDialogProps {
  projectId: number;
  target: BulkTarget;
  onClose(): void;
  onDone(): void;
}

/** §9 bulk label actions: add, update (replace all), delete (remove those), clear (remove every label). */
const LABEL_ACTIONS = ['add', 'update', 'delete', 'clear'] as const;
type LabelsValues = { action: (typeof LABEL_ACTIONS)[number]; labels: number[] };

/** Bulk labels: an action and the labels it takes; Submit waits for labels unless the action is clear (§5). */
export function BulkLabelsDialog({ projectId, target, onClose, onDone }: BulkLabelsDialogProps) {
  const { t } = useTranslation();
  const labels = useCatalogueList(projectId, labelApi);
  const form = useActionForm<LabelsValues, LabelsValues, unknown>({
    defaultValues: { action: 'add', labels: [] },
    fields: ['labels'],
    run: ({ action, labels: chosen }) =>
      target.send(
        action === 'clear'
          ? { labels_action: 'clear' }
          : { labels_action: action, labels: (labels ?? []).filter((label) => chosen.includes(label.id)).map(({ id, name }) => ({ id, name })) },
      ),
    onDone: () => {
      bulkChanged(t, projectId, 'labelsChanged');
      onDone();
    },
  });
  const [action, chosen] = form.watch(['action', 'labels']);
  const actions = LABEL_ACTIONS.map((value) => ({ value, label: t(`caseList.bulk.actions.${value}`) }));
  return (
    <FormDialog
      formId="bulk-labels"
      header={t('caseList.bulk.labelsTitle')}
      submitLabel={t('caseList.bulk.submit')}
      width="478px"
      submitDisabled={action !== 'clear' && chosen.length === 0}
      onClose={onClose}
      {...form.submitProps}
    >
      <p>{t('caseList.bulk.casesAffected', { count: target.count })}</p>
      <FormField id="bulk-labels-action" label={t('caseList.bulk.action')}>
        <Controller
          name="action"
          control={form.control}
          render={({ field }) => (
            <SelectButton id="bulk-labels-action" value={field.value} options={actions} allowEmpty={false} onChange={(event) => field.onChange(event.value)} aria-labelledby="bulk-labels-action-label" />
          )}
        />
      </FormField>
      {action !== 'clear' && (
        <FormField id="bulk-labels-labels" label={t('caseList.bulk.chooseLabels')} error={form.errors.labels}>
          <Controller
            name="labels"
            control={form.control}
            render={({ field }) => (
              <MultiSelect
                inputId="bulk-labels-labels"
                value={field.value}
                options={labels ?? []}
                optionLabel="name"
                optionValue="id"
                display="chip"
                filter
                loading={labels === null}
                onChange={(event) => field.onChange(event.value)}
                placeholder={t('caseList.bulk.chooseLabels')}
              />
            )}
          />
        </FormField>
      )}
    </FormDialog>
  );
}
