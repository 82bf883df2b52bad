import { zodResolver } from '@hookform/resolvers/zod';
import { InputTextarea } from 'primereact/inputtextarea';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toasts.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { SwitchField } from '../../forms/SwitchField.tsx';
import { useActionForm } from '../../forms/use-form-action.ts';
import { useSignedInUser } from '../../shell/use-signed-in-user.ts';
import { IconPicker } from './IconPicker.tsx';
import type { Project } from '../../entities/project/project.ts';
import { projectApi } from '../../entities/project/project-api.ts';
import { announceProjectChange } from '../../entities/project/project-changes.ts';
import { projectFormData, projectFormSchema, type ProjectFormValues } from './project-form-schema.ts';

const FIELDS = ['name', 'description', 'is_private', 'is_archive', 'icon'] as const;

/** Create a project, or edit one (§2 Dashboard, §6: privacy when manageable, the archive flag for administrators). */
export function ProjectFormDialog({ project, onClose }: { project?: Project; onClose(): void }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const allowed = { privacy: !project || project.is_manageable, archive: !!project && user.is_superuser };
  const { control, watch, errors, submitProps } = useActionForm({
    resolver: zodResolver(projectFormSchema),
    defaultValues: {
      name: project?.name ?? '',
      description: project?.description ?? '',
      is_private: project?.is_private ?? false,
      is_archive: project?.is_archive ?? false,
      icon: null,
    },
    fields: FIELDS,
    run: (values: ProjectFormValues) => {
      const body = projectFormData(values, allowed);
      return project ? projectApi.update(project.id, body) : projectApi.create(body);
    },
    onDone: (saved) => {
      announceProjectChange(saved.id);
      notify({ severity: 'success', summary: t(project ? 'projects.form.updated' : 'projects.form.created', { name: saved.name }) });
      onClose();
    },
  });

  return (
    <FormDialog
      formId="project-form"
      header={t(project ? 'projects.form.editTitle' : 'projects.form.createTitle')}
      submitLabel={t(project ? 'common.save' : 'common.create')}
      {...submitProps}
      onClose={onClose}
    >
      <TextField control={control} name="name" id="project-name" label={t('projects.form.name')} error={errors.name} autoFocus />
      <FormField id="project-description" label={t('projects.form.description')} error={errors.description}>
        <Controller
          name="description"
          control={control}
          render={({ field }) => <InputTextarea id="project-description" rows={4} autoResize {...field} value={field.value ?? ''} />}
        />
      </FormField>
      {allowed.privacy && (
        <SwitchField
          control={control}
          name="is_private"
          id="project-is_private"
          label={t('projects.form.private')}
          hint={t('projects.form.privateHint')}
        />
      )}
      {allowed.archive && <SwitchField control={control} name="is_archive" id="project-is_archive" label={t('projects.form.archived')} />}
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
    </FormDialog>
  );
}
