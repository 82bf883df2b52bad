import { Card } from 'primereact/card';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { session } from '../../app/services.ts';
import { useAction } from '../../app/use-action.ts';
import { LanguageSelector } from '../../i18n/LanguageSelector.tsx';
import type { Credentials } from '../../session/session-store.ts';
import { Logo } from '../../shell/Logo.tsx';
import { SystemBanners } from '../system-messages/index.ts';
import { ThemeSelector } from '../../theme/ThemeSelector.tsx';
import { LoginForm } from './LoginForm.tsx';
import { loginFailureMessage } from './login-failure.ts';
import { loginTarget } from './login-target.ts';
import './login.css';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;

  const [logIn, attempt] = useAction(
    (credentials: Credentials) => session.logIn(credentials),
    ({ state }) => {
      if (state !== 'done') return;
      const target = loginTarget(location.search, from);
      if (target.kind === 'reload') window.location.assign(target.to);
      else void navigate(target.to, { replace: true });
    },
  );

  const failure =
    attempt.state === 'failed' ? (isApiError(attempt.error) ? loginFailureMessage(t, attempt.error) : t('login.errors.failed')) : null;

  return (
    <div className="login-page">
      <div className="login-page__tools">
        <LanguageSelector />
        <ThemeSelector />
      </div>
      <div className="login-page__column">
        <SystemBanners />
        <Card className="login-card">
          <div className="login-card__brand">
            <Logo size={44} />
            <h1>{t('app.name')}</h1>
            <p>{t('login.subtitle')}</p>
          </div>
          <LoginForm onSubmit={logIn} submitting={attempt.state === 'running'} failure={failure} />
        </Card>
      </div>
    </div>
  );
}
