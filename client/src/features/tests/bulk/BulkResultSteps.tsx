import type { Status } from '@testament/contracts';
import { InputTextarea } from 'primereact/inputtextarea';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../forms/FormField.tsx';
import { AttachmentsField } from '../../attachments/index.ts';
import { AttributeFieldset } from '../../custom-attributes/index.ts';
import { StatusSelect } from '../../results/index.ts';
import { suiteKey, type BulkResultFields, type BulkResultStep, type BulkResultValues } from './bulk-result-form.ts';

interface StepProps {
  step: BulkResultStep;
  form: UseFormReturn<BulkResultValues>;
  projectId: number;
  statuses: readonly Status[] | null;
  fields: BulkResultFields | null;
}

/** The fields of the wizard's current step (tests-and-results §4). */
export function BulkResultStepFields({ step, form, projectId, statuses, fields }: StepProps) {
  if (step === 'status') return <StatusStep form={form} statuses={statuses} />;
  if (step === 'additional') return <AdditionalStep form={form} projectId={projectId} />;
  if (!fields) return <ProgressSpinner className="bulk-result__loading" />;
  return step === 'common' ? <CommonStep form={form} fields={fields} /> : <SuitesStep form={form} fields={fields} />;
}

function StatusStep({ form, statuses }: Pick<StepProps, 'form' | 'statuses'>) {
  const { t } = useTranslation();
  const error = form.formState.errors.status;
  if (!statuses) return <ProgressSpinner className="bulk-result__loading" />;
  return (
    <FormField id="bulk-result-status" label={t('bulkJobs.wizard.status')} error={error}>
      <Controller
        name="status"
        control={form.control}
        render={({ field }) => (
          <StatusSelect id="bulk-result-status" statuses={statuses} value={field.value} invalid={!!error} onChange={field.onChange} />
        )}
      />
    </FormField>
  );
}

const requiredIn = (fields: BulkResultFields) => (attribute: { name: string }) => fields.required.has(attribute.name);

function CommonStep({ form, fields }: { form: StepProps['form']; fields: BulkResultFields }) {
  const { t } = useTranslation();
  if (fields.common.length === 0) return <p className="bulk-result__empty">{t('bulkJobs.wizard.noCommon')}</p>;
  return (
    <AttributeFieldset
      attributes={fields.common}
      control={form.control}
      errors={form.formState.errors.attributes}
      isRequired={requiredIn(fields)}
      idPrefix="bulk-result"
      legend={t('bulkJobs.wizard.steps.common')}
      className="bulk-result__attributes"
    />
  );
}

/** Each selected suite's own attributes, under the suite's name: a value given here goes to that suite's tests only. */
function SuitesStep({ form, fields }: { form: StepProps['form']; fields: BulkResultFields }) {
  const { t } = useTranslation();
  if (fields.suites.length === 0) return <p className="bulk-result__empty">{t('bulkJobs.wizard.noSuiteFields')}</p>;
  return fields.suites.map((suite) => (
    <AttributeFieldset
      key={suite.id}
      attributes={suite.attributes}
      field={`suites.${suiteKey(suite.id)}`}
      control={form.control}
      errors={form.formState.errors.suites?.[suiteKey(suite.id)]}
      isRequired={requiredIn(fields)}
      idPrefix={`bulk-result-${suiteKey(suite.id)}`}
      legend={suite.name || t('bulkJobs.wizard.suite', { id: suite.id })}
      className="bulk-result__attributes"
    />
  ));
}

function AdditionalStep({ form, projectId }: Pick<StepProps, 'form' | 'projectId'>) {
  const { t } = useTranslation();
  return (
    <>
      <FormField id="bulk-result-comment" label={t('bulkJobs.wizard.comment')}>
        <Controller
          name="comment"
          control={form.control}
          render={({ field }) => <InputTextarea id="bulk-result-comment" rows={4} autoResize {...field} />}
        />
      </FormField>
      <div className="field">
        <span className="field__label">{t('bulkJobs.wizard.attachments')}</span>
        <Controller
          name="attachments"
          control={form.control}
          render={({ field }) => <AttachmentsField projectId={projectId} value={field.value} onChange={field.onChange} />}
        />
      </div>
    </>
  );
}
