import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '@testament/contracts';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Credentials } from '../../session/session-store.ts';
import { FormField } from '../../forms/FormField.tsx';
import { PasswordField } from '../../forms/PasswordField.tsx';

type LoginFields = z.input<typeof loginBody>;

interface LoginFormProps {
  onSubmit(credentials: Credentials): void;
  submitting: boolean;
  failure: string | null;
}

/** Username, password, Remember me; validated with the API's own login schema. */
export function LoginForm({ onSubmit, submitting, failure }: LoginFormProps) {
  const { t } = useTranslation();
  const { control, handleSubmit, formState } = useForm<LoginFields, unknown, z.output<typeof loginBody>>({
    resolver: zodResolver(loginBody),
    defaultValues: { username: '', password: '', remember_me: false },
  });
  const { errors } = formState;

  return (
    <form className="login-form" onSubmit={handleSubmit(onSubmit)} noValidate>
      {failure && <Message severity="error" text={failure} className="login-form__alert" role="alert" />}
      <FormField id="login-username" label={t('login.username')} error={errors.username}>
        <Controller
          name="username"
          control={control}
          render={({ field }) => <InputText id="login-username" autoComplete="username" autoFocus invalid={!!errors.username} {...field} />}
        />
      </FormField>
      <PasswordField
        control={control}
        name="password"
        id="login-password"
        label={t('login.password')}
        error={errors.password}
        autoComplete="current-password"
      />
      <div className="field-checkbox">
        <Controller
          name="remember_me"
          control={control}
          render={({ field }) => (
            <Checkbox
              inputId="login-remember"
              checked={field.value === true}
              onChange={(event) => field.onChange(event.checked === true)}
            />
          )}
        />
        <label htmlFor="login-remember">{t('login.rememberMe')}</label>
      </div>
      <Button type="submit" label={t('login.submit')} icon="pi pi-sign-in" loading={submitting} />
    </form>
  );
}
