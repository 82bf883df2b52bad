import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toasts.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { useFormAction } from '../../forms/use-form-action.ts';
import { userApi } from '../users/user-api.ts';
import { PasswordFields } from './PasswordFields.tsx';
import { changePasswordSchema, type PasswordPair } from './password-form.ts';

const FIELDS = ['password', 'confirm'] as const;

/** The signed-in user's new password, checked live; the server keeps this session and ends the others (§2.2). */
export function ChangePasswordDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { control, handleSubmit, formState, setError } = useForm<PasswordPair>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onChange',
    defaultValues: { password: '', confirm: '' },
  });
  const { errors, isDirty, isValid } = formState;
  const { submit, state, alert } = useFormAction(
    ({ password }: PasswordPair) => userApi.changePassword(password),
    { fields: FIELDS, setError },
    () => {
      notify({ severity: 'success', summary: t('password.changed') });
      onClose();
    },
  );
  return (
    <FormDialog
      formId="password-form"
      header={t('password.title')}
      submitLabel={t('common.save')}
      dirty={isDirty}
      submitDisabled={!isValid}
      saving={state.state === 'running'}
      alert={alert}
      onSubmit={handleSubmit(submit)}
      onClose={onClose}
    >
      <PasswordFields control={control} errors={errors} idPrefix="change" />
    </FormDialog>
  );
}
