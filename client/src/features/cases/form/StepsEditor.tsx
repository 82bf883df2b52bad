import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../forms/FieldError.tsx';
import { StepPanel, type StepErrors } from './StepPanel.tsx';
import { newStep, withCopy, type StepValues } from './steps.ts';

interface StepsEditorProps {
  /** Where a step's files are uploaded. */
  projectId: number;
  steps: StepValues[];
  onChange(steps: StepValues[]): void;
  /** Per step, by position; `list` when there is no step at all. */
  errors?: { list?: { message?: string }; steps?: Array<StepErrors | undefined> } | undefined;
}

/**
 * The ordered steps of a case (§2 Step editor): add, copy, delete after a
 * confirm, drag by the handle to reorder (as the statuses table does), and
 * expand or collapse all; a step with an error opens by itself.
 */
export function StepsEditor({ projectId, steps, onChange, errors }: StepsEditorProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const stepErrors = errors?.steps;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only new errors open steps, not edits of the steps
  useEffect(() => {
    const erroneous = steps.filter((_, index) => stepErrors?.[index] !== undefined).map((step) => step.key);
    if (erroneous.length > 0) setExpanded((open) => new Set([...open, ...erroneous]));
    // Only new errors open steps: editing the steps must not reopen one the user closed.
  }, [stepErrors]);

  const toggle = (key: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const add = () => {
    const step = newStep();
    onChange([...steps, step]);
    setExpanded((open) => new Set([...open, step.key]));
  };
  const copy = (index: number) => {
    const next = withCopy(steps, index, t('caseForm.steps.copySuffix'));
    onChange(next);
    const copied = next[index + 1];
    if (copied) setExpanded((open) => new Set([...open, copied.key]));
  };
  const remove = (index: number) =>
    confirmDialog({
      header: t('caseForm.steps.deleteTitle'),
      message: t('caseForm.steps.deleteQuestion', { number: index + 1 }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('common.delete'),
      rejectLabel: t('common.cancel'),
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () => onChange(steps.filter((_, at) => at !== index)),
    });
  const update = (index: number, step: StepValues) => onChange(steps.map((current, at) => (at === index ? step : current)));

  return (
    <div className="steps-editor">
      <div className="steps-editor__bar">
        <span className="field__label">{t('caseForm.steps.title')}</span>
        <Button
          type="button"
          label={t('caseForm.steps.expandAll')}
          text
          size="small"
          onClick={() => setExpanded(new Set(steps.map((step) => step.key)))}
        />
        <Button type="button" label={t('caseForm.steps.collapseAll')} text size="small" onClick={() => setExpanded(new Set())} />
      </div>
      {steps.length > 0 && (
        <DataTable
          value={steps}
          dataKey="key"
          showHeaders={false}
          // The panels read the open set and the errors, which are not in the row.
          cellMemo={false}
          reorderableRows
          onRowReorder={(event) => onChange(event.value)}
          className="steps-editor__table"
          pt={{ table: { 'aria-label': t('caseForm.steps.title') } }}
        >
          <Column rowReorder className="steps-editor__handle" />
          <Column
            body={(step: StepValues, { rowIndex }: { rowIndex: number }) => (
              <StepPanel
                projectId={projectId}
                step={step}
                number={rowIndex + 1}
                open={expanded.has(step.key)}
                errors={stepErrors?.[rowIndex]}
                onToggle={() => toggle(step.key)}
                onChange={(changed) => update(rowIndex, changed)}
                onCopy={() => copy(rowIndex)}
                onDelete={() => remove(rowIndex)}
              />
            )}
          />
        </DataTable>
      )}
      <FieldError error={errors?.list} />
      <Button
        type="button"
        label={t('caseForm.steps.add')}
        icon="pi pi-plus"
        outlined
        size="small"
        className="steps-editor__add"
        onClick={add}
      />
    </div>
  );
}
