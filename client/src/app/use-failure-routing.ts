import { useSubscription } from 'observable-hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorView$ } from '../shell/error-view.ts';
import { loginPathFor } from './login-path.ts';
import { api, session } from './services.ts';
import { notify } from './toasts.ts';

/** Acts on what the data layer's error routing decided (§8): login redirect, error pages, the internal-error toast. */
export function useFailureRouting(): void {
  const navigate = useNavigate();
  const { t } = useTranslation();
  useSubscription(api.failures$, (failure) => {
    switch (failure.kind) {
      case 'session-expired':
        session.clear();
        void navigate(loginPathFor(failure.returnTo), { replace: true });
        break;
      case 'forbidden':
        errorView$.next(403);
        break;
      case 'not-found':
        errorView$.next(404);
        break;
      case 'server-error':
        notify({ severity: 'error', summary: t('errors.internalServerError') });
        console.error(failure.error.status ?? 'no response', failure.error.body);
        break;
    }
  });
}
