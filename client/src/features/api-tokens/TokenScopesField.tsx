import type { TokenScope } from '@testament/contracts';
import { Checkbox } from 'primereact/checkbox';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../forms/FieldError.tsx';

interface TokenScopesFieldProps {
  /** The scopes the user's token may hold, in order. */
  offered: readonly TokenScope[];
  value: readonly TokenScope[];
  onChange(scopes: TokenScope[]): void;
  error: { message?: string | undefined } | undefined;
}

/** What the token may do, one box each with what it allows. */
export function TokenScopesField({ offered, value, onChange, error }: TokenScopesFieldProps) {
  const { t } = useTranslation();
  const toggle = (scope: TokenScope, checked: boolean) =>
    onChange(offered.filter((each) => (each === scope ? checked : value.includes(each))));
  return (
    <fieldset className="field token-scopes" aria-describedby="token-scopes-hint">
      <legend>{t('tokens.scopes')}</legend>
      <small id="token-scopes-hint" className="muted">
        {t('tokens.scopesHint')}
      </small>
      {offered.map((scope) => (
        <div key={scope} className="token-scopes__scope">
          <Checkbox
            inputId={`token-scope-${scope}`}
            checked={value.includes(scope)}
            onChange={(event) => toggle(scope, event.checked === true)}
          />
          <label htmlFor={`token-scope-${scope}`}>
            <strong>{t(`tokens.scope.${scope}`)}</strong> <span className="muted">{t(`tokens.scopeHint.${scope}`)}</span>
          </label>
        </div>
      ))}
      <FieldError error={error} />
    </fieldset>
  );
}
