import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { announceChange, topics } from '../../app/changes.ts';
import { notify } from '../../app/toasts.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { SwitchField } from '../../forms/SwitchField.tsx';
import { useActionForm } from '../../forms/use-form-action.ts';
import type { User } from '../../session/user.ts';
import { PasswordFields } from '../password/index.ts';
import { userApi } from '../../entities/user/user-api.ts';
import { userBody, userFormDefaults, userFormSchema, type UserFormValues } from './user-form.ts';

const FIELDS = ['username', 'email', 'first_name', 'last_name', 'password', 'confirm', 'is_active', 'is_superuser'] as const;
const TEXT_FIELDS = ['username', 'email', 'first_name', 'last_name'] as const;

/** A superuser creates or edits a user (§2 Users, §5): the username is fixed once created. */
export function UserFormDialog({ user, onClose }: { user: User | null; onClose(): void }) {
  const { t } = useTranslation();
  const editing = user !== null;
  const { control, errors, formState, submitProps } = useActionForm({
    resolver: zodResolver(userFormSchema(editing)),
    mode: 'onChange',
    defaultValues: userFormDefaults(user),
    fields: FIELDS,
    run: (values: UserFormValues) => (user ? userApi.update(user.id, userBody(values, true)) : userApi.create(userBody(values, false))),
    onDone: (saved) => {
      announceChange(topics.users, topics.user(saved.id));
      notify({ severity: 'success', summary: t(editing ? 'users.updated' : 'users.created') });
      onClose();
    },
  });
  return (
    <FormDialog
      formId="user-form"
      header={t(editing ? 'users.editTitle' : 'users.createTitle')}
      editing={editing}
      {...submitProps}
      submitDisabled={!formState.isValid}
      onClose={onClose}
    >
      {TEXT_FIELDS.map((name) => (
        <TextField
          key={name}
          control={control}
          name={name}
          id={`user-${name}`}
          label={t(`users.fields.${name}`)}
          error={errors[name]}
          disabled={name === 'username' && editing}
        />
      ))}
      <PasswordFields
        control={control}
        errors={errors}
        idPrefix="user"
        labels={{ password: t(editing ? 'users.newPassword' : 'users.fields.password'), confirm: t('password.confirm') }}
      />
      <SwitchField control={control} name="is_active" id="user-is_active" label={t('users.fields.is_active')} />
      <SwitchField
        control={control}
        name="is_superuser"
        id="user-is_superuser"
        label={t('users.fields.is_superuser')}
        hint={t('users.superuserHint')}
      />
    </FormDialog>
  );
}
