import { passwordProblems } from '@testament/contracts';
import { useWatch, type Control, type FieldErrors, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../forms/PasswordField.tsx';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import { PASSWORD_RULES, isRuleMessage, passwordIsValid, type PasswordPair } from './password-form.ts';

interface PasswordFieldsProps<T extends PasswordPair, U> {
  /** Any form with `password` and `confirm`. */
  control: Control<T, unknown, U>;
  errors: FieldErrors<PasswordPair>;
  idPrefix: string;
  labels?: { password: string; confirm: string };
}

/**
 * A new password with the rules checked as it is typed, and its confirmation,
 * which opens once the password passes them (§5).
 */
export function PasswordFields<T extends PasswordPair, U>({ control, errors, idPrefix, labels }: PasswordFieldsProps<T, U>) {
  const { t } = useTranslation();
  const names = { password: 'password' as Path<T>, confirm: 'confirm' as Path<T> };
  const password = String(useWatch({ control, name: names.password }) ?? '');
  const unmet = new Set(passwordProblems(password));
  const rulesId = `${idPrefix}-rules`;
  return (
    <>
      <PasswordField
        control={control}
        name={names.password}
        id={`${idPrefix}-password`}
        label={labels?.password ?? t('password.new')}
        // The checklist shows the rules; the field itself only says what else is wrong.
        error={isRuleMessage(errors.password?.message) ? undefined : errors.password}
        autoComplete="new-password"
        describedBy={rulesId}
      >
        <ul id={rulesId} className="password-rules" aria-label={t('password.rules')}>
          {PASSWORD_RULES.map((rule) => {
            const met = password !== '' && !unmet.has(rule);
            return (
              <li key={rule} className={met ? 'is-met' : ''}>
                <i className={met ? 'pi pi-check-circle' : 'pi pi-circle'} aria-hidden />
                <span>{translateServerMessage(t, rule)}</span>
                <span className="sr-only">{t(met ? 'password.met' : 'password.unmet')}</span>
              </li>
            );
          })}
        </ul>
      </PasswordField>
      <PasswordField
        control={control}
        name={names.confirm}
        id={`${idPrefix}-confirm`}
        label={labels?.confirm ?? t('password.confirm')}
        error={errors.confirm}
        autoComplete="new-password"
        disabled={!passwordIsValid(password)}
      />
    </>
  );
}
