import { Controller } from 'react-hook-form';
import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../forms/FormDialog.tsx';
import { FormField } from '../../../forms/FormField.tsx';
import { useBulkForm } from '../../bulk-jobs/index.ts';
import type { LabelChoice } from '../form/case-form.ts';
import { LabelsChooser } from '../form/LabelsChooser.tsx';
import type { BulkTarget } from './bulk-change.ts';

interface BulkLabelsDialogProps {
  projectId: number;
  target: BulkTarget;
  onClose(): void;
  onDone(): void;
}

/** §9 bulk label actions: add, update (replace all), delete (remove those), clear (remove every label). */
const LABEL_ACTIONS = ['add', 'update', 'delete', 'clear'] as const;
type LabelsValues = { action: (typeof LABEL_ACTIONS)[number]; labels: LabelChoice[] };

/**
 * Bulk labels: an action and the labels it takes, chosen as in the case form,
 * a name no label has yet making a new label (§5 Label chooser); Submit waits
 * for labels unless the action is clear.
 */
export function BulkLabelsDialog({ projectId, target, onClose, onDone }: BulkLabelsDialogProps) {
  const { t } = useTranslation();
  const form = useBulkForm<LabelsValues>({
    defaultValues: { action: 'add', labels: [] },
    fields: ['labels'],
    // A new label goes by its name; the server makes it (`bulk-update/` takes labels by id or by name).
    send: ({ action, labels }) => target.send(action === 'clear' ? { labels_action: 'clear' } : { labels_action: action, labels }),
    doneMessage: t('caseList.bulk.labelsChanged'),
    onDone,
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
            <SelectButton
              id="bulk-labels-action"
              value={field.value}
              options={actions}
              allowEmpty={false}
              onChange={(event) => field.onChange(event.value)}
              aria-labelledby="bulk-labels-action-label"
            />
          )}
        />
      </FormField>
      {action !== 'clear' && (
        <FormField id="bulk-labels-labels" label={t('caseList.bulk.chooseLabels')} error={form.errors.labels}>
          <Controller
            name="labels"
            control={form.control}
            render={({ field }) => (
              <LabelsChooser projectId={projectId} id="bulk-labels-labels" value={field.value} onChange={field.onChange} />
            )}
          />
        </FormField>
      )}
    </FormDialog>
  );
}
