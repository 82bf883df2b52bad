import type { CustomAttribute } from '@testament/contracts';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Tooltip } from 'primereact/tooltip';
import { Controller, useWatch, type Control, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../forms/FormField.tsx';
import { SwitchField } from '../../../forms/SwitchField.tsx';
import { TextField } from '../../../forms/TextField.tsx';
import { AttributeFields } from './AttributeFields.tsx';
import { caseAttributesFor, type CaseFormValues } from './case-form.ts';
import { LabelsChooser } from './LabelsChooser.tsx';
import type { StepErrors } from './StepPanel.tsx';
import { StepsEditor } from './StepsEditor.tsx';
import { SuitePicker } from './SuitePicker.tsx';

type TextName = 'description' | 'setup' | 'scenario' | 'expected' | 'teardown';

/** A markdown text of the case, typed as source. */
function MarkdownField({
  control,
  name,
  errors,
  rows = 4,
}: {
  control: Control<CaseFormValues>;
  name: TextName;
  errors: FieldErrors<CaseFormValues>;
  rows?: number;
}) {
  const { t } = useTranslation();
  const id = `case-${name}`;
  return (
    <FormField id={id} label={t(`caseForm.fields.${name}`)} error={errors[name]}>
      <Controller
        name={name}
        control={control}
        render={({ field }) => <InputTextarea id={id} rows={rows} autoResize invalid={!!errors[name]} {...field} />}
      />
    </FormField>
  );
}

/** The estimate with the accepted formats in its tooltip (§2). */
function EstimateField({ control, errors }: { control: Control<CaseFormValues>; errors: FieldErrors<CaseFormValues> }) {
  const { t } = useTranslation();
  return (
    <FormField id="case-estimate" label={t('caseForm.fields.estimate')} error={errors.estimate}>
      <span className="case-form__estimate">
        <Controller
          name="estimate"
          control={control}
          render={({ field }) => <InputText id="case-estimate" invalid={!!errors.estimate} {...field} />}
        />
        <Tooltip target=".case-form__estimate-help" position="top" />
        <i
          className="pi pi-question-circle case-form__estimate-help"
          role="img"
          aria-label={t('caseForm.estimate.help')}
          data-pr-tooltip={t('caseForm.estimate.formats')}
        />
      </span>
    </FormField>
  );
}

interface FieldsProps {
  form: UseFormReturn<CaseFormValues>;
}

/** The first pane: what the case is and where it lives. */
export function CaseGeneralFields({ projectId, form, attributes }: FieldsProps & { projectId: number; attributes: CustomAttribute[] }) {
  const { t } = useTranslation();
  const { control, formState } = form;
  const { errors } = formState;
  const suite = useWatch({ control, name: 'suite' });
  return (
    <div className="form">
      <TextField control={control} name="name" id="case-name" label={t('caseForm.fields.name')} error={errors.name} autoFocus />
      <FormField id="case-suite" label={t('caseForm.fields.suite')} error={errors.suite}>
        <Controller
          name="suite"
          control={control}
          render={({ field }) => (
            <SuitePicker projectId={projectId} id="case-suite" value={field.value} invalid={!!errors.suite} onChange={field.onChange} />
          )}
        />
      </FormField>
      <EstimateField control={control} errors={errors} />
      <FormField id="case-labels" label={t('caseForm.fields.labels')} error={errors.labels}>
        <Controller
          name="labels"
          control={control}
          render={({ field }) => <LabelsChooser projectId={projectId} id="case-labels" value={field.value} onChange={field.onChange} />}
        />
      </FormField>
      <AttributeFields attributes={caseAttributesFor(attributes, suite?.id ?? null)} control={control} errors={errors.attributes} />
      <MarkdownField control={control} name="description" errors={errors} />
    </div>
  );
}

/** The second pane: setup, the scenario or the steps, teardown. */
export function CaseContentFields({ projectId, form }: FieldsProps & { projectId: number }) {
  const { t } = useTranslation();
  const { control, formState } = form;
  const { errors } = formState;
  const isSteps = useWatch({ control, name: 'is_steps' });
  const stepsError = errors.steps;
  return (
    <div className="form">
      <MarkdownField control={control} name="setup" errors={errors} rows={3} />
      <SwitchField control={control} name="is_steps" id="case-is-steps" label={t('caseForm.fields.isSteps')} />
      {isSteps ? (
        <Controller
          name="steps"
          control={control}
          render={({ field }) => (
            <StepsEditor
              projectId={projectId}
              steps={field.value}
              onChange={field.onChange}
              errors={{
                ...(stepsError?.message ? { list: { message: stepsError.message } } : {}),
                ...(Array.isArray(stepsError) ? { steps: stepsError as Array<StepErrors | undefined> } : {}),
              }}
            />
          )}
        />
      ) : (
        <>
          <MarkdownField control={control} name="scenario" errors={errors} />
          <MarkdownField control={control} name="expected" errors={errors} rows={3} />
        </>
      )}
      <MarkdownField control={control} name="teardown" errors={errors} rows={3} />
    </div>
  );
}
