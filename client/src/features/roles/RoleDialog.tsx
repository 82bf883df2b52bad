import { zodResolver } from '@hookform/resolvers/zod';
import { roleCreateBody } from '@testament/contracts';
import { MultiSelect } from 'primereact/multiselect';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { announceChange, topics } from '../../app/changes.ts';
import { notify } from '../../app/toasts.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useActionForm } from '../../forms/use-form-action.ts';
import { roleApi, type Permission, type Role, type RoleBody } from '../../entities/role/role-api.ts';

const schema = z.object({ name: roleCreateBody.shape.name, permissions: z.array(z.number()) });
const FIELDS = ['name', 'permissions'] as const;

/** A superuser defines a role: a name and the permissions it grants in a project (§3.15, §4.14). */
export function RoleDialog({ role, permissions, onClose }: { role: Role | null; permissions: Permission[]; onClose(): void }) {
  const { t } = useTranslation();
  const { control, errors, submitProps } = useActionForm({
    resolver: zodResolver(schema),
    defaultValues: { name: role?.name ?? '', permissions: role?.permissions ?? [] },
    fields: FIELDS,
    run: (body: RoleBody) => (role ? roleApi.update(role.id, body) : roleApi.create(body)),
    onDone: () => {
      announceChange(topics.roles);
      notify({ severity: 'success', summary: t(role ? 'roles.updated' : 'roles.created') });
      onClose();
    },
  });
  return (
    <FormDialog
      formId="role-form"
      header={t(role ? 'roles.editTitle' : 'roles.createTitle')}
      editing={role !== null}
      {...submitProps}
      onClose={onClose}
    >
      <TextField control={control} name="name" id="role-name" label={t('roles.name')} error={errors.name} autoFocus />
      <FormField id="role-permissions" label={t('roles.permissions')} error={errors.permissions}>
        <Controller
          name="permissions"
          control={control}
          render={({ field }) => (
            <MultiSelect
              inputId="role-permissions"
              value={field.value}
              options={permissions}
              optionLabel="name"
              optionValue="id"
              filter
              display="chip"
              maxSelectedLabels={6}
              selectedItemsLabel={t('roles.permissionCount', { count: field.value.length })}
              onChange={(event) => field.onChange(event.value as number[])}
            />
          )}
        />
      </FormField>
    </FormDialog>
  );
}
