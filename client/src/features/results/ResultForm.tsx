import { zodResolver } from '@hookform/resolvers/zod';
import type { CaseDetail, CustomAttribute, Status, Test } from '@testament/contracts';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { map } from 'rxjs';
import { isApiError } from '../../api/api-error.ts';
import { announceChange, topics } from '../../app/changes.ts';
import { notify } from '../../app/toasts.ts';
import { useAction } from '../../app/use-action.ts';
import { confirmDiscard } from '../../forms/confirm-discard.ts';
import { FormField } from '../../forms/FormField.tsx';
import { translateFormMessage } from '../../forms/form-messages.ts';
import { AttachmentsField } from '../attachments/index.ts';
import { AttributeFieldset } from '../custom-attributes/index.ts';
import { planPaths } from '../../entities/plan/plan-paths.ts';
import { resultApi, type Result } from './result-api.ts';
import {
  allStepsStatus,
  canSubmit,
  createBody,
  isRequiredResultAttribute,
  patchBody,
  resultAttributesFor,
  resultFormDefaults,
  resultFormSchema,
  stepKey,
  stepRows,
  type ResultFormValues,
  type ResultMode,
} from './result-form.ts';
import { placeResultErrors } from './result-refusal.ts';
import { StatusSelect } from './StatusSelect.tsx';
import { StepStatusFields } from './StepStatusFields.tsx';
import './results.css';

export interface ResultFormProps {
  mode: ResultMode;
  projectId: number;
  test: Test;
  /** The test's case, at its current version. */
  found: CaseDetail;
  /** The result edited or cloned. */
  source: Result | null;
  /** The project's statuses, in the project's order. */
  statuses: Status[];
  attributes: CustomAttribute[];
  defaultStatus: number | null;
  onClose(): void;
  onSaved(): void;
  /** Kept true while the form has changes, for whoever may close it from outside (the drawer's own close button). */
  changes?: { current: boolean };
}

const TITLES = { add: 'results.addTitle', edit: 'results.editTitle', clone: 'results.cloneTitle' } as const;

/** Where a result is shown: its test's drawer on the plan page, scrolled to it (§2 Routes). */
const resultPath = (projectId: number, test: Test, resultId: number) =>
  `${planPaths.test(projectId, test.plan, test.id)}#result-${resultId}`;

/** Add, edit or clone a result, as a panel inside the test drawer (tests-and-results §2, §4, §5, §8). */
export function ResultForm({
  mode,
  projectId,
  test,
  found,
  source,
  statuses,
  attributes,
  defaultStatus,
  onClose,
  onSaved,
  changes,
}: ResultFormProps) {
  const { t } = useTranslation();
  const suiteId = found.suite.id;
  const start = { mode, found, source, defaultStatus, attributes };
  const [rows] = useState(() => stepRows(start));
  const schema = useMemo(() => resultFormSchema(t, attributes, suiteId), [t, attributes, suiteId]);
  const form = useForm<ResultFormValues>({ defaultValues: resultFormDefaults(start), resolver: zodResolver(schema) });
  const { control, formState, setError } = form;
  const values = form.watch();
  const shownAttributes = resultAttributesFor(attributes, suiteId, values.status);
  const [alert, setAlert] = useState<string[]>([]);
  const dirty = formState.isDirty;
  useEffect(() => {
    if (!changes) return;
    changes.current = dirty;
    return () => {
      changes.current = false;
    };
  }, [changes, dirty]);

  const [submit, state] = useAction(
    (sent: ResultFormValues) =>
      mode === 'edit' && source
        ? resultApi.update(source.id, patchBody(test.id, sent, source, rows, attributes, suiteId)).pipe(map((saved) => saved.id))
        : resultApi.create(createBody(test.id, sent, rows, attributes, suiteId)).pipe(map((saved) => saved.id)),
    (outcome) => {
      if (outcome.state === 'failed') {
        if (isApiError(outcome.error) && !outcome.error.routed) setAlert(placeResultErrors(outcome.error, shownAttributes, setError));
        return;
      }
      announceChange(topics.plans(projectId));
      notify({
        severity: 'success',
        summary: t(mode === 'edit' ? 'results.updated' : 'results.created'),
        detail: <Link to={resultPath(projectId, test, outcome.result)}>{t('results.openResult', { id: outcome.result })}</Link>,
      });
      onSaved();
    },
  );

  const setAllSteps = (status: number) => {
    for (const row of rows) form.setValue(`steps.${stepKey(row.step)}`, status, { shouldDirty: true });
  };
  const requestClose = () => (formState.isDirty ? confirmDiscard(t, onClose) : onClose());
  const title = t(TITLES[mode]);
  return (
    <section className="result-form" aria-label={title}>
      <header className="result-form__header">
        <h2>{title}</h2>
        <Button type="button" icon="pi pi-times" text rounded severity="secondary" aria-label={t('results.close')} onClick={requestClose} />
      </header>
      <form id="result-form" className="form" noValidate onSubmit={(event) => void form.handleSubmit((sent) => submit(sent))(event)}>
        {alert.length > 0 && (
          <Message
            severity="error"
            className="result-form__alert"
            text={alert.map((message) => translateFormMessage(t, message)).join(' ')}
          />
        )}
        <FormField id="result-status" label={t('results.status')} error={formState.errors.status}>
          <Controller
            name="status"
            control={control}
            render={({ field }) => (
              <StatusSelect
                id="result-status"
                statuses={statuses}
                value={field.value}
                invalid={!!formState.errors.status}
                onChange={field.onChange}
              />
            )}
          />
        </FormField>
        <FormField id="result-comment" label={t('results.comment')} error={formState.errors.comment}>
          <Controller
            name="comment"
            control={control}
            render={({ field }) => (
              <InputTextarea
                id="result-comment"
                rows={4}
                autoResize
                placeholder={t('results.commentPlaceholder')}
                invalid={!!formState.errors.comment}
                {...field}
              />
            )}
          />
          <small className="field__hint">{t('results.commentHint')}</small>
        </FormField>
        <StepStatusFields
          rows={rows}
          statuses={statuses}
          allSteps={allStepsStatus(statuses, defaultStatus)}
          control={control}
          onSetAll={setAllSteps}
        />
        <AttributeFieldset
          attributes={shownAttributes}
          control={control}
          errors={formState.errors.attributes}
          isRequired={isRequiredResultAttribute}
          idPrefix="result"
          legend={t('results.attributes')}
          className="result-form__attributes"
        />
        <div className="field">
          <span className="field__label">{t('results.attachments')}</span>
          <Controller
            name="attachments"
            control={control}
            render={({ field }) => <AttachmentsField projectId={projectId} value={field.value} onChange={field.onChange} />}
          />
        </div>
      </form>
      <footer className="result-form__actions">
        <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={requestClose} />
        <Button
          type="submit"
          form="result-form"
          label={t(mode === 'edit' ? 'results.submitUpdate' : 'results.submitAdd')}
          icon="pi pi-check"
          disabled={!canSubmit(mode, values, formState.isDirty)}
          loading={state.state === 'running'}
        />
      </footer>
    </section>
  );
}
