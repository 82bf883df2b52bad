import { zodResolver } from '@hookform/resolvers/zod';
import { profilePatchBody } from '@testament/contracts';
import { InputText } from 'primereact/inputtext';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { session } from '../../app/services.ts';
import { notify } from '../../app/toasts.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { useFormAction } from '../../forms/use-form-action.ts';
import type { User } from '../../session/user.ts';
import { userApi } from '../users/user-api.ts';

const schema = z.object({ first_name: profilePatchBody.shape.first_name.unwrap(), last_name: profilePatchBody.shape.last_name.unwrap() });
type ProfileFields = z.infer<typeof schema>;
const FIELDS = ['first_name', 'last_name'] as const;

/** The profile modal: first and last name (§2 Users, Profile). */
export function ProfileDialog({ user, onClose }: { user: User; onClose(): void }) {
  const { t } = useTranslation();
  const { control, handleSubmit, formState, setError } = useForm<ProfileFields>({
    resolver: zodResolver(schema),
    defaultValues: { first_name: user.first_name, last_name: user.last_name },
  });
  const { errors, isDirty } = formState;
  const { submit, state, alert } = useFormAction(
    (values: ProfileFields) => userApi.updateProfile(values),
    { fields: FIELDS, setError },
    (saved) => {
      session.user$.next(saved);
      notify({ severity: 'success', summary: t('profile.updated') });
      onClose();
    },
  );
  return (
    <FormDialog
      formId="profile-form"
      header={t('profile.editTitle')}
      submitLabel={t('common.update')}
      dirty={isDirty}
      saving={state.state === 'running'}
      alert={alert}
      onSubmit={handleSubmit(submit)}
      onClose={onClose}
    >
      {FIELDS.map((name) => (
        <FormField key={name} id={`profile-${name}`} label={t(`users.fields.${name}`)} error={errors[name]}>
          <Controller name={name} control={control} render={({ field }) => <InputText id={`profile-${name}`} invalid={!!errors[name]} {...field} />} />
        </FormField>
      ))}
    </FormDialog>
  );
}
