import type { Status } from '@testament/contracts';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../forms/FormField.tsx';
import { stepKey, type ResultFormValues, type StepRow } from './result-form.ts';
import { StatusSelect } from './StatusSelect.tsx';

/** A status for every step of the case version (§5: each must have one before the result can be sent). */
export function StepStatusFields({ rows, statuses, control }: { rows: readonly StepRow[]; statuses: readonly Status[]; control: Control<ResultFormValues> }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <fieldset className="result-form__steps">
      <legend className="field__label">{t('results.steps')}</legend>
      {rows.map((row, index) => {
        const id = `result-step-${row.step}`;
        return (
          <FormField key={row.step} id={id} label={t('results.stepStatus', { number: index + 1, name: row.name })}>
            <Controller
              name={`steps.${stepKey(row.step)}`}
              control={control}
              render={({ field }) => <StatusSelect id={id} statuses={statuses} value={field.value} invalid={false} onChange={field.onChange} />}
            />
          </FormField>
        );
      })}
    </fieldset>
  );
}
