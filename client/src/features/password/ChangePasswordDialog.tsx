import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toasts.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { useActionForm } from '../../forms/use-form-action.ts';
import { userApi } from '../../entities/user/user-api.ts';
import { PasswordFields } from './PasswordFields.tsx';
import { changePasswordSchema, type PasswordPair } from './password-form.ts';

const FIELDS = ['password', 'confirm'] as const;

/** The signed-in user's new password, checked live; the server keeps this session and ends the others (§2.2). */
export function ChangePasswordDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { control, errors, formState, submitProps } = useActionForm({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onChange',
    defaultValues: { password: '', confirm: '' },
    fields: FIELDS,
    run: ({ password }: PasswordPair) => userApi.changePassword(password),
    onDone: () => {
      notify({ severity: 'success', summary: t('password.changed') });
      onClose();
    },
  });
  return (
    <FormDialog
      formId="password-form"
      header={t('password.title')}
      submitLabel={t('common.save')}
      {...submitProps}
      submitDisabled={!formState.isValid}
      onClose={onClose}
    >
      <PasswordFields control={control} errors={errors} idPrefix="change" />
    </FormDialog>
  );
}
