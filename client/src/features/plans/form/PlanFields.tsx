import type { CustomAttribute } from '@testament/contracts';
import { InputTextarea } from 'primereact/inputtextarea';
import { Controller, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../forms/FormField.tsx';
import { TextField } from '../../../forms/TextField.tsx';
import { AttributeFieldset } from '../../custom-attributes/index.ts';
import type { Parameter } from '../../../entities/parameter/parameter.ts';
import { translatedError } from '../plan-messages.ts';
import { PlanTreeSelect } from '../../../entities/plan/PlanTreeSelect.tsx';
import { ParametersField } from './ParametersField.tsx';
import { PlanDates } from './PlanDates.tsx';
import { isRequired, type PlanFormValues } from './plan-form.ts';

interface PlanFieldsProps {
  projectId: number;
  form: UseFormReturn<PlanFormValues, unknown, unknown>;
  /** The plan being edited; null for a new one. */
  editedId: number | null;
  attributes: readonly CustomAttribute[];
  /** Offered on create only; null on edit. */
  parameters: readonly Parameter[] | null;
}

/** The side panel (§2 Plan form): name, dates, parent, parameters, description, attributes. */
export function PlanFields({ projectId, form, editedId, attributes, parameters }: PlanFieldsProps) {
  const { t } = useTranslation();
  const { control, formState, setValue } = form;
  const { errors } = formState;
  const [start, due] = useWatch({ control, name: ['started_at', 'due_date'] });
  return (
    <div className="form">
      <TextField control={control} name="name" id="plan-name" label={t('plans.form.name')} error={errors.name} autoFocus />
      <PlanDates
        idPrefix="plan"
        range={{ start, due }}
        onChange={(range) => {
          const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
          setValue('started_at', range.start, options);
          setValue('due_date', range.due, options);
        }}
        errors={{ start: errors.started_at, due: errors.due_date }}
      />
      <Controller
        name="parent"
        control={control}
        render={({ field }) => (
          <FormField id="plan-parent" label={t('plans.form.parent')} error={translatedError(t, errors.parent)}>
            <PlanTreeSelect
              id="plan-parent"
              projectId={projectId}
              value={field.value}
              onChange={field.onChange}
              placeholder={t('plans.form.noParent')}
              excludedId={editedId}
              invalid={!!errors.parent}
            />
          </FormField>
        )}
      />
      {parameters && (
        <Controller
          name="parameters"
          control={control}
          render={({ field }) => (
            <ParametersField parameters={parameters} value={field.value} onChange={field.onChange} error={errors.parameters} />
          )}
        />
      )}
      <Controller
        name="description"
        control={control}
        render={({ field }) => (
          <FormField id="plan-description" label={t('plans.form.description')} error={errors.description}>
            <InputTextarea
              id="plan-description"
              rows={6}
              autoResize
              placeholder={t('plans.form.descriptionHint')}
              invalid={!!errors.description}
              {...field}
            />
          </FormField>
        )}
      />
      <AttributeFieldset
        attributes={attributes}
        // The fieldset binds text fields only; what the resolver makes of them is not its concern.
        control={control as Control<PlanFormValues>}
        errors={errors.attributes}
        isRequired={isRequired}
        idPrefix="plan"
        legend={t('plans.form.attributes')}
        // The case form's look (case-form.css, which the plan form loads for its split).
        className="case-form__attributes"
      />
    </div>
  );
}
