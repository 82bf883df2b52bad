import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../forms/FormField.tsx';
import type { Parameter } from '../../../entities/parameter/parameter.ts';

/** The parameters by group, each group a heading of its values. */
export function parameterGroups(
  parameters: readonly Parameter[],
): Array<{ label: string; items: Array<{ label: string; value: number }> }> {
  const groups = new Map<string, Array<{ label: string; value: number }>>();
  for (const parameter of [...parameters].sort((a, b) => a.group_name.localeCompare(b.group_name) || a.data.localeCompare(b.data))) {
    groups.set(parameter.group_name, [...(groups.get(parameter.group_name) ?? []), { label: parameter.data, value: parameter.id }]);
  }
  return [...groups].map(([label, items]) => ({ label, items }));
}

interface ParametersFieldProps {
  parameters: readonly Parameter[];
  value: number[];
  onChange(ids: number[]): void;
  error: { message?: string | undefined } | undefined;
}

/** The project's parameters grouped by group name (§2 Plan form, create only): one plan per combination of one value a group (§4.18). */
export function ParametersField({ parameters, value, onChange, error }: ParametersFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField id="plan-parameters" label={t('plans.form.parameters')} error={error}>
      <MultiSelect
        inputId="plan-parameters"
        value={value}
        options={parameterGroups(parameters)}
        optionGroupLabel="label"
        optionGroupChildren="items"
        optionLabel="label"
        optionValue="value"
        display="chip"
        filter
        placeholder={parameters.length === 0 ? t('plans.form.noParameters') : t('plans.form.chooseParameters')}
        disabled={parameters.length === 0}
        invalid={!!error}
        onChange={(event) => onChange(event.value as number[])}
      />
      <small className="plan-form__hint">{t('plans.form.parametersHint')}</small>
    </FormField>
  );
}
