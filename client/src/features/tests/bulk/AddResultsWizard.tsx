import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Steps } from 'primereact/steps';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error.ts';
import { notify } from '../../../app/toasts.ts';
import { useAction } from '../../../app/use-action.ts';
import { confirmDiscard } from '../../../forms/confirm-discard.ts';
import { translateFormMessage } from '../../../forms/form-messages.ts';
import { useCatalogueList } from '../../../entities/catalogue/use-catalogue.ts';
import { statusApi } from '../../../entities/status/status.ts';
import {
  BULK_RESULT_STEPS,
  EMPTY_BULK_RESULT,
  bulkResultChange,
  bulkResultSchema,
  type BulkResultFields,
  type BulkResultStep,
  type BulkResultValues,
} from './bulk-result-form.ts';
import { BulkResultStepFields } from './BulkResultSteps.tsx';
import { updateTests } from './tests-bulk-api.ts';
import type { TestsBulkTarget } from './tests-bulk-target.ts';
import { useBulkResultFields } from './use-bulk-result-fields.ts';
import './bulk-result.css';

interface AddResultsWizardProps {
  target: TestsBulkTarget;
  onClose(): void;
  /** After the results were added, or went to the background. */
  onDone(): void;
}

const LAST_STEP = BULK_RESULT_STEPS.length - 1;

/**
 * Bulk add results (tests-and-results §2, §4, §5): a status, the attributes
 * of every suite, each suite's own, then a comment and files; Next checks the
 * step it leaves, Submit adds one result to every selected test.
 */
export function AddResultsWizard({ target, onClose, onDone }: AddResultsWizardProps) {
  const { t } = useTranslation();
  const [stepIndex, setStepIndex] = useState(0);
  const step = BULK_RESULT_STEPS[stepIndex]!;
  // The fields come with the status the form holds, so the resolver reads the step's rules as of the latest render.
  const rules = useRef<{ step: BulkResultStep; fields: BulkResultFields | null }>({ step, fields: null });
  const form = useForm<BulkResultValues>({
    defaultValues: EMPTY_BULK_RESULT,
    resolver: (...args) => zodResolver(bulkResultSchema(t, rules.current.step, rules.current.fields))(...args),
  });
  const statuses = useCatalogueList(target.projectId, statusApi);
  const fields = useBulkResultFields(target, form.watch('status'));
  rules.current = { step, fields };
  const [alert, setAlert] = useState<string[]>([]);
  const [submit, state] = useAction(
    ({ values, shown }: { values: BulkResultValues; shown: BulkResultFields }) => updateTests(target, bulkResultChange(values, shown)),
    (outcome) => {
      if (outcome.state === 'failed') {
        if (isApiError(outcome.error) && !outcome.error.routed) setAlert(Object.values(outcome.error.fieldErrors).flat());
        return;
      }
      if (outcome.result.kind === 'done')
        notify({ severity: 'success', summary: t('bulkJobs.wizard.added', { count: outcome.result.changed.length }) });
      onDone();
    },
  );

  const next = (values: BulkResultValues) => {
    if (stepIndex < LAST_STEP) setStepIndex(stepIndex + 1);
    else if (fields) submit({ values, shown: fields });
  };
  const requestClose = () => (form.formState.isDirty ? confirmDiscard(t, onClose) : onClose());

  const footer = (
    <>
      <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={requestClose} />
      <Button
        type="button"
        label={t('bulkJobs.wizard.back')}
        icon="pi pi-arrow-left"
        outlined
        disabled={stepIndex === 0}
        onClick={() => setStepIndex(stepIndex - 1)}
      />
      <Button
        type="submit"
        form="bulk-result"
        label={t(stepIndex === LAST_STEP ? 'bulkJobs.wizard.submit' : 'bulkJobs.wizard.next')}
        icon={stepIndex === LAST_STEP ? 'pi pi-check' : 'pi pi-arrow-right'}
        iconPos={stepIndex === LAST_STEP ? 'left' : 'right'}
        // The attribute steps need the fields of the chosen status to check against.
        disabled={step !== 'status' && !fields}
        loading={state.state === 'running'}
      />
    </>
  );
  return (
    <Dialog
      visible
      modal
      header={t('bulkJobs.wizard.title')}
      footer={footer}
      onHide={requestClose}
      style={{ width: '600px' }}
      breakpoints={{ '640px': '95vw' }}
    >
      <Steps
        model={BULK_RESULT_STEPS.map((name) => ({ label: t(`bulkJobs.wizard.steps.${name}`) }))}
        activeIndex={stepIndex}
        readOnly
        className="bulk-result__steps"
      />
      <form id="bulk-result" className="form bulk-result" noValidate onSubmit={(event) => void form.handleSubmit(next)(event)}>
        {alert.length > 0 && <Message severity="error" text={alert.map((message) => translateFormMessage(t, message)).join(' ')} />}
        <p className="bulk-result__selected">{t('bulkJobs.wizard.selected', { count: target.count })}</p>
        <BulkResultStepFields step={step} form={form} projectId={target.projectId} statuses={statuses} fields={fields} />
      </form>
    </Dialog>
  );
}
