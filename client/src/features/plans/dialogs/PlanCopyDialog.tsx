import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { map } from 'rxjs';
import { z } from 'zod';
import { isApiError, type ApiError } from '../../../api/api-error.ts';
import { notify } from '../../../app/toasts.ts';
import { useAction } from '../../../app/use-action.ts';
import { confirmDiscard } from '../../../forms/confirm-discard.ts';
import { FormField } from '../../../forms/FormField.tsx';
import { translateFormMessage } from '../../../forms/form-messages.ts';
import { PlanDates } from '../form/PlanDates.tsx';
import { toMinute } from '../form/plan-form.ts';
import { announcePlansChange, planApi, type PlanRef } from '../../../entities/plan/plan-api.ts';
import { planRuleMessages, translatedError } from '../plan-messages.ts';
import { planPaths } from '../../../entities/plan/plan-paths.ts';
import { PlanTreeSelect } from '../../../entities/plan/PlanTreeSelect.tsx';

const schema = z
  .object({
    newName: z.string().refine((name) => name.trim() !== '', planRuleMessages.copyNameRequired),
    start: z.date().nullable(),
    due: z.date().nullable(),
    parent: z.number().nullable(),
    keepAssignee: z.boolean(),
  })
  .refine((values) => !values.start || !values.due || values.start < values.due, { path: ['due'], message: planRuleMessages.datesOrder });
type CopyForm = z.input<typeof schema>;

/** The new name's messages of a refused copy (§8): this server lists them under `plans`, TestY nests them as `plans[0].new_name`. */
export function newNameErrors(error: ApiError): string[] {
  const plans = (error.body as { plans?: unknown } | null)?.plans;
  if (!Array.isArray(plans)) return [];
  const nested = (plans[0] as { new_name?: unknown } | undefined)?.new_name;
  return (Array.isArray(nested) ? nested : plans).filter((message): message is string => typeof message === 'string');
}

/** Copies the plan with its subtree and unarchived tests, without results, under a plan or as a root (§ Dialogs, §4.19). */
export function PlanCopyDialog({
  projectId,
  plan,
  parentId,
  onClose,
}: {
  projectId: number;
  plan: PlanRef;
  parentId: number | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<CopyForm, unknown, z.output<typeof schema>>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: {
      newName: `${plan.name} (Copy)`,
      start: new Date(plan.started_at),
      due: new Date(plan.due_date),
      parent: parentId,
      keepAssignee: false,
    },
  });
  const [alert, setAlert] = useState<string[]>([]);
  const [copy, copying] = useAction(
    ({ newName, start, due, parent, keepAssignee }: z.output<typeof schema>) =>
      planApi
        .copy({
          plans: [
            {
              plan: plan.id,
              new_name: newName.trim(),
              ...(start ? { started_at: toMinute(start) } : {}),
              ...(due ? { due_date: toMinute(due) } : {}),
            },
          ],
          dst_plan: parent,
          keep_assignee: keepAssignee,
        })
        .pipe(map((copies) => copies[0]!)),
    (outcome) => {
      if (outcome.state === 'done') {
        announcePlansChange(projectId);
        notify({ severity: 'success', summary: t('plans.copy.done', { name: plan.title }) });
        onClose();
        void navigate(planPaths.plan(projectId, outcome.result.id));
      } else if (isApiError(outcome.error) && !outcome.error.routed) {
        // The new name's messages go under it (§8); the rest into the alert.
        const [nameError] = newNameErrors(outcome.error);
        if (nameError) form.setError('newName', { type: 'server', message: nameError });
        setAlert(nameError ? [] : outcome.error.detail ? [outcome.error.detail] : Object.values(outcome.error.fieldErrors).flat());
      }
    },
  );
  const { errors, isDirty } = form.formState;
  const [newName, start, due] = useWatch({ control: form.control, name: ['newName', 'start', 'due'] });
  const requestClose = () => (isDirty ? confirmDiscard(t, onClose) : onClose());
  const footer = (
    <>
      <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={requestClose} />
      <Button
        type="submit"
        form="plan-copy-form"
        label={t('plans.copy.submit')}
        icon="pi pi-copy"
        disabled={newName.trim() === ''}
        loading={copying.state === 'running'}
      />
    </>
  );
  return (
    <Dialog
      visible
      modal
      header={t('plans.copy.title', { name: plan.title })}
      footer={footer}
      onHide={requestClose}
      style={{ width: '600px' }}
      breakpoints={{ '640px': '95vw' }}
    >
      <form id="plan-copy-form" className="form" onSubmit={form.handleSubmit(copy)} noValidate>
        {alert.length > 0 && <Message severity="error" text={alert.map((message) => translateFormMessage(t, message)).join(' ')} />}
        <Controller
          name="newName"
          control={form.control}
          render={({ field }) => (
            <FormField id="plan-copy-name" label={t('plans.copy.newName')} error={translatedError(t, errors.newName)}>
              <InputText id="plan-copy-name" autoFocus invalid={!!errors.newName} {...field} />
            </FormField>
          )}
        />
        <PlanDates
          idPrefix="plan-copy"
          range={{ start: start ?? null, due: due ?? null }}
          onChange={(range) => {
            form.setValue('start', range.start, { shouldDirty: true, shouldValidate: true });
            form.setValue('due', range.due, { shouldDirty: true, shouldValidate: true });
          }}
          errors={{ due: errors.due }}
        />
        <Controller
          name="parent"
          control={form.control}
          render={({ field }) => (
            <FormField id="plan-copy-parent" label={t('plans.copy.parent')}>
              <PlanTreeSelect
                id="plan-copy-parent"
                projectId={projectId}
                value={field.value}
                onChange={field.onChange}
                placeholder={t('plans.form.noParent')}
              />
            </FormField>
          )}
        />
        <Controller
          name="keepAssignee"
          control={form.control}
          render={({ field }) => (
            <span className="field-checkbox">
              <Checkbox
                inputId="plan-copy-keep-assignee"
                checked={field.value}
                onChange={(event) => field.onChange(event.checked === true)}
              />
              <label htmlFor="plan-copy-keep-assignee">{t('plans.copy.keepAssignee')}</label>
            </span>
          )}
        />
      </form>
    </Dialog>
  );
}
