import { zodResolver } from '@hookform/resolvers/zod';
import { InputText } from 'primereact/inputtext';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { announceChange, topics } from '../../app/changes.ts';
import { notify } from '../../app/toasts.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { SwitchField } from '../../forms/SwitchField.tsx';
import { useFormAction } from '../../forms/use-form-action.ts';
import type { User } from '../../session/user.ts';
import { PasswordFields } from '../password/PasswordFields.tsx';
import { userApi } from './user-api.ts';
import { userBody, userFormDefaults, userFormSchema, type UserFormValues } from './user-form.ts';

const FIELDS = ['username', 'email', 'first_name', 'last_name', 'password', 'confirm', 'is_active', 'is_superuser'] as const;
const TEXT_FIELDS = ['username', 'email', 'first_name', 'last_name'] as const;

/** A superuser creates or edits a user (§2 Users, §5): the username is fixed once created. */
export function UserFormDialog({ user, onClose }: { user: User | null; onClose(): void }) {
  const { t } = useTranslation();
  const editing = user !== null;
  const { control, handleSubmit, formState, setError } = useForm<UserFormValues>({
    resolver: zodResolver(userFormSchema(editing)),
    mode: 'onChange',
    defaultValues: userFormDefaults(user),
  });
  const { errors, isDirty, isValid } = formState;
  const { submit, state, alert } = useFormAction(
    (values: UserFormValues) => (user ? userApi.update(user.id, userBody(values, true)) : userApi.create(userBody(values, false))),
    { fields: FIELDS, setError },
    (saved) => {
      announceChange(topics.users, topics.user(saved.id));
      notify({ severity: 'success', summary: t(editing ? 'users.updated' : 'users.created') });
      onClose();
    },
  );
  return (
    <FormDialog
      formId="user-form"
      header={t(editing ? 'users.editTitle' : 'users.createTitle')}
      submitLabel={t(editing ? 'common.update' : 'common.create')}
      dirty={isDirty}
      submitDisabled={!isValid}
      saving={state.state === 'running'}
      alert={alert}
      onSubmit={handleSubmit(submit)}
      onClose={onClose}
    >
      {TEXT_FIELDS.map((name) => (
        <FormField key={name} id={`user-${name}`} label={t(`users.fields.${name}`)} error={errors[name]}>
          <Controller
            name={name}
            control={control}
            render={({ field }) => (
              <InputText
                id={`user-${name}`}
                autoComplete="off"
                disabled={name === 'username' && editing}
                invalid={!!errors[name]}
                {...field}
              />
            )}
          />
        </FormField>
      ))}
      <PasswordFields
        control={control}
        errors={errors}
        idPrefix="user"
        labels={{ password: t(editing ? 'users.newPassword' : 'users.fields.password'), confirm: t('password.confirm') }}
      />
      <SwitchField control={control} name="is_active" id="user-is_active" label={t('users.fields.is_active')} />
      <SwitchField control={control} name="is_superuser" id="user-is_superuser" label={t('users.fields.is_superuser')} hint={t('users.superuserHint')} />
    </FormDialog>
  );
}
