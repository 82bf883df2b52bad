import { zodResolver } from '@hookform/resolvers/zod';
import { profilePatchBody } from '@testament/contracts';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { session } from '../../app/services.ts';
import { notify } from '../../app/toasts.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useActionForm } from '../../forms/use-form-action.ts';
import type { User } from '../../session/user.ts';
import { userApi } from '../../entities/user/user-api.ts';

const schema = z.object({ first_name: profilePatchBody.shape.first_name.unwrap(), last_name: profilePatchBody.shape.last_name.unwrap() });
type ProfileFields = z.infer<typeof schema>;
const FIELDS = ['first_name', 'last_name'] as const;

/** The profile modal: first and last name (§2 Users, Profile). */
export function ProfileDialog({ user, onClose }: { user: User; onClose(): void }) {
  const { t } = useTranslation();
  const { control, errors, submitProps } = useActionForm({
    resolver: zodResolver(schema),
    defaultValues: { first_name: user.first_name, last_name: user.last_name },
    fields: FIELDS,
    run: (values: ProfileFields) => userApi.updateProfile(values),
    onDone: (saved) => {
      session.user$.next(saved);
      notify({ severity: 'success', summary: t('profile.updated') });
      onClose();
    },
  });
  return (
    <FormDialog formId="profile-form" header={t('profile.editTitle')} editing {...submitProps} onClose={onClose}>
      {FIELDS.map((name) => (
        <TextField key={name} control={control} name={name} id={`profile-${name}`} label={t(`users.fields.${name}`)} error={errors[name]} />
      ))}
    </FormDialog>
  );
}
