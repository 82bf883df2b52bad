import { zodResolver } from '@hookform/resolvers/zod';
import { Calendar } from 'primereact/calendar';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { announceChange, topics } from '../../app/changes.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { useFormAction } from '../../forms/use-form-action.ts';
import { isoDay } from '../../i18n/dates.ts';
import { useSignedInUser } from '../../shell/use-signed-in-user.ts';
import { apiTokenApi, type ApiToken } from './api-token.ts';
import { tokenFormSchema, tomorrow, type TokenFormValues } from './token-form.ts';

const FIELDS = ['description', 'password', 'expiration_date'] as const;

/** A new token: what it is for, when it expires, and the password again, because a token acts as the user (§2.2). */
export function CreateTokenDialog({ onCreated, onClose }: { onCreated(token: ApiToken): void; onClose(): void }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { control, handleSubmit, formState, setError } = useForm<TokenFormValues>({
    resolver: zodResolver(tokenFormSchema),
    defaultValues: { description: '', password: '', expiration_date: null },
  });
  const { errors, isDirty } = formState;
  const { submit, state, alert } = useFormAction(
    (values: TokenFormValues) =>
      apiTokenApi.create({
        username: user.username,
        password: values.password,
        description: values.description.trim(),
        expiration_date: values.expiration_date ? isoDay(values.expiration_date) : null,
      }),
    { fields: FIELDS, setError },
    (token) => {
      announceChange(topics.apiTokens(user.id));
      onCreated(token);
    },
  );
  return (
    <FormDialog
      formId="token-form"
      header={t('tokens.createTitle')}
      submitLabel={t('common.create')}
      dirty={isDirty}
      saving={state.state === 'running'}
      alert={alert}
      onSubmit={handleSubmit(submit)}
      onClose={onClose}
    >
      <FormField id="token-description" label={t('tokens.description')} error={errors.description}>
        <Controller
          name="description"
          control={control}
          render={({ field }) => <InputText id="token-description" autoFocus placeholder={t('tokens.descriptionHint')} invalid={!!errors.description} {...field} />}
        />
      </FormField>
      <FormField id="token-expires" label={t('tokens.expires')} error={errors.expiration_date}>
        <Controller
          name="expiration_date"
          control={control}
          render={({ field }) => (
            <Calendar
              inputId="token-expires"
              value={field.value}
              onChange={(event) => field.onChange(event.value ?? null)}
              minDate={tomorrow()}
              dateFormat="yy-mm-dd"
              showIcon
              showButtonBar
              placeholder={t('tokens.expiresDefault')}
            />
          )}
        />
      </FormField>
      <FormField id="token-password" label={t('tokens.password')} error={errors.password}>
        <Controller
          name="password"
          control={control}
          render={({ field }) => (
            <Password
              inputId="token-password"
              autoComplete="current-password"
              feedback={false}
              toggleMask
              invalid={!!errors.password}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
            />
          )}
        />
      </FormField>
    </FormDialog>
  );
}
