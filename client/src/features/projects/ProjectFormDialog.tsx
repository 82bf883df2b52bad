import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { notify } from '../../app/toasts.ts';
import { useAction } from '../../app/use-action.ts';
import { FormField } from '../../forms/FormField.tsx';
import { confirmDiscard } from '../../forms/confirm-discard.ts';
import { showServerErrors } from '../../forms/server-errors.ts';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import { useSignedInUser } from '../../shell/use-signed-in-user.ts';
import { IconPicker } from './IconPicker.tsx';
import type { Project } from './project.ts';
import { projectApi } from './project-api.ts';
import { localProjectChanges$ } from './project-changes.ts';
import { projectFormData, projectFormSchema, type ProjectFormInput, type ProjectFormValues } from './project-form-schema.ts';

const FIELDS = ['name', 'description', 'is_private', 'is_archive', 'icon'] as const;

/** Create a project, or edit one (§2 Dashboard, §6: privacy when manageable, the archive flag for administrators). */
export function ProjectFormDialog({ project, onClose }: { project?: Project; onClose(): void }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const allowed = { privacy: !project || project.is_manageable, archive: !!project && user.is_superuser };
  const { control, handleSubmit, watch, formState, setError } = useForm<ProjectFormInput, unknown, ProjectFormValues>({
    resolver: zodResolver(projectFormSchema),
    defaultValues: {
      name: project?.name ?? '',
      description: project?.description ?? '',
      is_private: project?.is_private ?? false,
      is_archive: project?.is_archive ?? false,
      icon: null,
    },
  });
  const { errors, isDirty } = formState;
  const [alert, setAlert] = useState<string[]>([]);

  const [save, saving] = useAction(
    (values: ProjectFormValues) => {
      const body = projectFormData(values, allowed);
      return project ? projectApi.update(project.id, body) : projectApi.create(body);
    },
    (outcome) => {
      if (outcome.state === 'done') {
        localProjectChanges$.next();
        notify({ severity: 'success', summary: t(project ? 'projects.form.updated' : 'projects.form.created', { name: outcome.result.name }) });
        onClose();
      } else if (isApiError(outcome.error) && !outcome.error.routed) {
        setAlert(showServerErrors(outcome.error, FIELDS, setError));
      }
    },
  );

  const requestClose = () => (isDirty ? confirmDiscard(t, onClose) : onClose());
  const footer = (
    <>
      <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={requestClose} />
      <Button
        type="submit"
        form="project-form"
        label={t(project ? 'common.save' : 'common.create')}
        icon="pi pi-check"
        disabled={!isDirty}
        loading={saving.state === 'running'}
      />
    </>
  );

  return (
    <Dialog
      visible
      modal
      header={t(project ? 'projects.form.editTitle' : 'projects.form.createTitle')}
      footer={footer}
      onHide={requestClose}
      style={{ width: '600px' }}
      breakpoints={{ '640px': '95vw' }}
    >
      <form id="project-form" className="form" onSubmit={handleSubmit(save)} noValidate>
        {alert.length > 0 && <Message severity="error" text={alert.map((m) => translateServerMessage(t, m)).join(' ')} />}
        <FormField id="project-name" label={t('projects.form.name')} error={errors.name}>
          <Controller
            name="name"
            control={control}
            render={({ field }) => <InputText id="project-name" autoFocus invalid={!!errors.name} {...field} />}
          />
        </FormField>
        <FormField id="project-description" label={t('projects.form.description')} error={errors.description}>
          <Controller
            name="description"
            control={control}
            render={({ field }) => <InputTextarea id="project-description" rows={4} autoResize {...field} value={field.value ?? ''} />}
          />
        </FormField>
        {allowed.privacy && (
          <SwitchField control={control} name="is_private" label={t('projects.form.private')} hint={t('projects.form.privateHint')} />
        )}
        {allowed.archive && <SwitchField control={control} name="is_archive" label={t('projects.form.archived')} />}
        <FormField id="project-icon" label={t('projects.form.icon')} error={errors.icon}>
          <Controller
            name="icon"
            control={control}
            render={({ field }) => (
              <IconPicker
                id="project-icon"
                file={field.value ?? null}
                currentIcon={project?.icon ?? ''}
                projectName={watch('name') ?? ''}
                onChange={(file) => field.onChange(file)}
              />
            )}
          />
        </FormField>
      </form>
    </Dialog>
  );
}

interface SwitchFieldProps {
  control: ReturnType<typeof useForm<ProjectFormInput, unknown, ProjectFormValues>>['control'];
  name: 'is_private' | 'is_archive';
  label: string;
  hint?: string;
}

function SwitchField({ control, name, label, hint }: SwitchFieldProps) {
  const id = `project-${name}`;
  return (
    <div className="field-switch">
      <Controller
        name={name}
        control={control}
        render={({ field }) => <InputSwitch inputId={id} checked={field.value === true} onChange={(event) => field.onChange(event.value)} />}
      />
      <label htmlFor={id}>{label}</label>
      {hint && <small className="field__hint">{hint}</small>}
    </div>
  );
}
