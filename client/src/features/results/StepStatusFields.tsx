import type { Status } from '@testament/contracts';
import { SplitButton } from 'primereact/splitbutton';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../forms/FormField.tsx';
import { seededName } from '../../i18n/seeded-names.ts';
import { stepKey, type ResultFormValues, type StepRow } from './result-form.ts';
import { StatusSelect } from './StatusSelect.tsx';
import { StatusTag } from '../../entities/status/StatusTag.tsx';

interface StepStatusFieldsProps {
  rows: readonly StepRow[];
  /** The project's statuses, in the project's order. */
  statuses: readonly Status[];
  /** What "all steps" sets at one click: the project's default status, else Passed (`allStepsStatus`). */
  allSteps: Status | null;
  control: Control<ResultFormValues>;
  onSetAll(status: number): void;
}

/**
 * A status for every step of the case version (§5: each must have one before the result can be
 * sent), and a way to give every step the same one: the usual one at a click, any other from its menu.
 */
export function StepStatusFields({ rows, statuses, allSteps, control, onSetAll }: StepStatusFieldsProps) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  const others = statuses.filter((status) => status.id !== allSteps?.id);
  return (
    <fieldset className="result-form__steps">
      <legend className="field__label">{t('results.steps')}</legend>
      {allSteps && (
        <SplitButton
          className="result-form__all-steps"
          label={t('results.allStepsTo', { status: seededName(t, 'status', allSteps.name) })}
          onClick={() => onSetAll(allSteps.id)}
          model={others.map((status) => ({
            label: seededName(t, 'status', status.name),
            // The menu's Enter key clicks the item's "action" part.
            template: (_item: unknown, options: { className: string }) => (
              <span className={options.className} data-pc-section="action">
                <StatusTag name={status.name} color={status.color} />
              </span>
            ),
            command: () => onSetAll(status.id),
          }))}
          menuButtonProps={{ 'aria-label': t('results.allStepsToOther') }}
          size="small"
          outlined
        />
      )}
      {rows.map((row, index) => {
        const id = `result-step-${row.step}`;
        return (
          <FormField key={row.step} id={id} label={t('results.stepStatus', { number: index + 1, name: row.name })}>
            <Controller
              name={`steps.${stepKey(row.step)}`}
              control={control}
              render={({ field }) => (
                <StatusSelect id={id} statuses={statuses} value={field.value} invalid={false} onChange={field.onChange} />
              )}
            />
          </FormField>
        );
      })}
    </fieldset>
  );
}
