import { scopesHeldBy } from '@testament/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Calendar } from 'primereact/calendar';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { announceChange, topics } from '../../app/changes.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { PasswordField } from '../../forms/PasswordField.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useActionForm } from '../../forms/use-form-action.ts';
import { isoDay } from '../../i18n/dates.ts';
import { useSignedInUser } from '../../shell/use-signed-in-user.ts';
import { apiTokenApi, type ApiToken } from './api-token.ts';
import { tokenFormSchema, tomorrow, type TokenFormValues } from './token-form.ts';
import { TokenProjectField } from './TokenProjectField.tsx';
import { TokenScopesField } from './TokenScopesField.tsx';

const FIELDS = ['description', 'password', 'expiration_date', 'scopes', 'project'] as const;

/**
 * A new token: what it is for, when it expires, what it may do and where, and the password again, because a token acts
 * as the user (§2.2).
 */
export function CreateTokenDialog({ onCreated, onClose }: { onCreated(token: ApiToken): void; onClose(): void }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  // Every scope the user's token may hold, all chosen at first.
  const offered = scopesHeldBy(user.is_superuser);
  const { control, errors, submitProps } = useActionForm({
    resolver: zodResolver(tokenFormSchema),
    defaultValues: { description: '', password: '', expiration_date: null, scopes: offered, project: null },
    fields: FIELDS,
    run: (values: TokenFormValues) =>
      apiTokenApi.create({
        username: user.username,
        password: values.password,
        description: values.description.trim(),
        expiration_date: values.expiration_date ? isoDay(values.expiration_date) : null,
        scopes: values.scopes,
        project: values.project,
      }),
    onDone: (token) => {
      announceChange(topics.apiTokens(user.id));
      onCreated(token);
    },
  });
  return (
    <FormDialog formId="token-form" header={t('tokens.createTitle')} {...submitProps} onClose={onClose}>
      <TextField
        control={control}
        name="description"
        id="token-description"
        label={t('tokens.description')}
        error={errors.description}
        placeholder={t('tokens.descriptionHint')}
        autoFocus
      />
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
      <Controller
        name="scopes"
        control={control}
        render={({ field }) => <TokenScopesField offered={offered} value={field.value} onChange={field.onChange} error={errors.scopes} />}
      />
      <Controller
        name="project"
        control={control}
        render={({ field }) => <TokenProjectField value={field.value} onChange={field.onChange} error={errors.project} />}
      />
      <PasswordField
        control={control}
        name="password"
        id="token-password"
        label={t('tokens.password')}
        error={errors.password}
        autoComplete="current-password"
      />
    </FormDialog>
  );
}
