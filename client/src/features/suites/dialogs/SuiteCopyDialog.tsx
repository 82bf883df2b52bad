import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EMPTY, map } from 'rxjs';
import { z } from 'zod';
import { isApiError, type ApiError } from '../../../api/api-error.ts';
import { notify } from '../../../app/toasts.ts';
import { useAction } from '../../../app/use-action.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { confirmDiscard } from '../../../forms/confirm-discard.ts';
import { translateFormMessage } from '../../../forms/form-messages.ts';
import { FormField } from '../../../forms/FormField.tsx';
import { SuiteTreeSelect } from '../SuiteTreeSelect.tsx';
import { announceSuitesChange, suiteApi, type SuiteRef } from '../../../entities/suite/suite-api.ts';
import { suiteRuleMessages, translatedError } from '../suite-messages.ts';
import { suitePaths } from '../../../shared/tree/suite-paths.ts';

const schema = z.object({
  newName: z.string().refine((name) => name.trim() !== '', suiteRuleMessages.copyNameEmpty),
  project: z
    .number()
    .nullable()
    .refine((project) => project !== null, suiteRuleMessages.projectRequired),
  parent: z.number().nullable(),
});
type CopyForm = z.input<typeof schema>;

/** The new name's messages of a refused copy: TestY nests them under `suites[0].new_name`, this server lists them under `suites`. */
export function copyNameErrors(error: ApiError): string[] {
  const suites = (error.body as { suites?: unknown } | null)?.suites;
  if (!Array.isArray(suites)) return [];
  const first: unknown = suites[0];
  const messages: unknown[] = typeof first === 'string' ? suites : ((first as { new_name?: unknown[] } | undefined)?.new_name ?? []);
  return messages.filter((message): message is string => typeof message === 'string');
}

/** Copies the suite with its subtree and cases, under a suite of this or another project (§ Suite copy dialog). */
export function SuiteCopyDialog({ projectId, suite, onClose }: { projectId: number; suite: SuiteRef; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projects = useLiveQuery(null, () => EMPTY, suiteApi.projects).data;
  const form = useForm<CopyForm, unknown, z.output<typeof schema>>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: { newName: `${suite.name} (Copy)`, project: projectId, parent: null },
  });
  const [alert, setAlert] = useState<string[]>([]);
  const [copy, copying] = useAction(
    ({ newName, project, parent }: z.output<typeof schema>) =>
      suiteApi
        .copy({
          suites: [{ id: suite.id, new_name: newName.trim() }],
          dst_project_id: project!,
          ...(parent !== null ? { dst_suite_id: parent } : {}),
        })
        .pipe(map((copies) => copies[0]!)),
    (outcome) => {
      if (outcome.state === 'done') {
        announceSuitesChange(outcome.result.project);
        notify({ severity: 'success', summary: t('suites.copy.done', { name: suite.name }) });
        onClose();
        void navigate(suitePaths.suite(outcome.result.project, outcome.result.id));
      } else if (isApiError(outcome.error) && !outcome.error.routed) {
        // The new name's messages go under it (§8); the rest into the alert.
        const [nameError] = copyNameErrors(outcome.error);
        if (nameError) form.setError('newName', { type: 'server', message: nameError });
        setAlert(nameError ? [] : Object.values(outcome.error.fieldErrors).flat());
      }
    },
  );
  const { errors, isDirty } = form.formState;
  const destination = useWatch({ control: form.control, name: 'project' });
  const newName = useWatch({ control: form.control, name: 'newName' });
  const requestClose = () => (isDirty ? confirmDiscard(t, onClose) : onClose());
  const footer = (
    <>
      <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={requestClose} />
      <Button
        type="submit"
        form="suite-copy-form"
        label={t('suites.copy.submit')}
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
      header={t('suites.copy.title', { name: suite.name })}
      footer={footer}
      onHide={requestClose}
      style={{ width: '600px' }}
      breakpoints={{ '640px': '95vw' }}
    >
      <form id="suite-copy-form" className="form" onSubmit={form.handleSubmit(copy)} noValidate>
        {alert.length > 0 && <Message severity="error" text={alert.map((message) => translateFormMessage(t, message)).join(' ')} />}
        <Controller
          name="newName"
          control={form.control}
          render={({ field }) => (
            <FormField id="suite-copy-name" label={t('suites.copy.newName')} error={translatedError(t, errors.newName)}>
              <InputText id="suite-copy-name" autoFocus invalid={!!errors.newName} {...field} />
            </FormField>
          )}
        />
        <Controller
          name="project"
          control={form.control}
          render={({ field }) => (
            <FormField id="suite-copy-project" label={t('suites.copy.project')} error={translatedError(t, errors.project)}>
              <Dropdown
                inputId="suite-copy-project"
                value={field.value}
                options={projects ?? []}
                optionLabel="name"
                optionValue="id"
                filter
                showClear
                loading={projects === null}
                placeholder={t('suites.copy.chooseProject')}
                invalid={!!errors.project}
                onChange={(event) => {
                  field.onChange((event.value as number | undefined) ?? null);
                  form.setValue('parent', null);
                }}
              />
            </FormField>
          )}
        />
        {destination !== null && (
          <Controller
            name="parent"
            control={form.control}
            render={({ field }) => (
              <FormField id="suite-copy-parent" label={t('suites.copy.parent')} error={undefined}>
                <SuiteTreeSelect
                  key={destination}
                  id="suite-copy-parent"
                  projectId={destination}
                  value={field.value}
                  onChange={field.onChange}
                  placeholder={t('suites.form.noParent')}
                />
              </FormField>
            )}
          />
        )}
      </form>
    </Dialog>
  );
}
