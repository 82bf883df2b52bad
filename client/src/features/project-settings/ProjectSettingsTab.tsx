import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { notify } from '../../app/toasts.ts';
import { SectionHeader } from '../../components/SectionHeader.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { SwitchField } from '../../forms/SwitchField.tsx';
import { translateFormMessage } from '../../forms/form-messages.ts';
import { useFormAction } from '../../forms/use-form-action.ts';
import type { Project } from '../../entities/project/project.ts';
import { projectApi } from '../../entities/project/project-api.ts';
import { announceProjectChange } from '../../entities/project/project-changes.ts';
import { WebhooksSection } from '../webhooks/index.ts';
import { ImportStatusesFields } from './ImportStatusesFields.tsx';
import { settingsFormSchema, settingsFormValues, settingsPatch, type SettingsFormValues } from './settings-form.ts';

const FIELDS = ['is_result_editable', 'result_edit_limit', 'is_private'] as const;

/** /projects/{id}/settings: result editing, privacy, imported reports' statuses and the webhooks, for those who manage it (§2, §6). */
export function ProjectSettingsTab() {
  const { t } = useTranslation();
  const project = useOutletContext<Project>();
  const manageable = project.is_manageable;
  const { control, handleSubmit, formState, setError, watch, reset } = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    // Someone else's change shows here too, without overwriting what is being typed.
    values: settingsFormValues(project),
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = formState;
  const { submit, state, alert } = useFormAction(
    (values: SettingsFormValues) =>
      projectApi.patch(project.id, settingsPatch(values, manageable, settingsFormValues(project).import_statuses)),
    { fields: FIELDS, setError },
    (saved) => {
      reset(settingsFormValues(saved));
      announceProjectChange(project.id);
      notify({ severity: 'success', summary: t('projectSettings.saved') });
    },
  );

  return (
    <>
      <section className="project-settings">
        <SectionHeader title={t('projectSettings.title')} />
        <Card>
          <form className="form" onSubmit={handleSubmit(submit)} noValidate>
            {!manageable && <Message severity="info" text={t('projectSettings.readOnly')} />}
            {alert.length > 0 && <Message severity="error" text={alert.map((m) => translateFormMessage(t, m)).join(' ')} />}
            <SwitchField
              control={control}
              name="is_result_editable"
              id="settings-editable"
              label={t('projectSettings.editable')}
              hint={t('projectSettings.editableHint')}
              disabled={!manageable}
            />
            {watch('is_result_editable') && (
              <FormField id="settings-limit" label={t('projectSettings.limit')} error={errors.result_edit_limit}>
                <Controller
                  name="result_edit_limit"
                  control={control}
                  render={({ field }) => (
                    <InputText
                      id="settings-limit"
                      placeholder={t('projectSettings.limitPlaceholder')}
                      aria-describedby="settings-limit-hint"
                      disabled={!manageable}
                      invalid={!!errors.result_edit_limit}
                      {...field}
                    />
                  )}
                />
                <small id="settings-limit-hint" className="field__hint">
                  {t('projectSettings.limitHint')}
                </small>
              </FormField>
            )}
            {manageable && (
              <SwitchField
                control={control}
                name="is_private"
                id="settings-private"
                label={t('projects.form.private')}
                hint={t('projects.form.privateHint')}
              />
            )}
            <ImportStatusesFields projectId={project.id} control={control} disabled={!manageable} />
            {manageable && (
              <div className="form__actions">
                <Button type="submit" label={t('common.save')} icon="pi pi-check" disabled={!isDirty} loading={state.state === 'running'} />
              </div>
            )}
          </form>
        </Card>
      </section>
      {/* The webhooks' tables take the tab's whole width. */}
      {manageable && <WebhooksSection projectId={project.id} />}
    </>
  );
}
