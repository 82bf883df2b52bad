import { messages } from '@testament/contracts';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../api/api-error.ts';
import { translateServerMessage } from '../../i18n/server-messages.ts';

/**
 * The login alert per status (§8): no answer, 400, 401, 429, anything else. A 400 for
 * wrong credentials says so in the server's words; other 400s are missing fields; a 429
 * (sign-ins backing off after failures) says how long to wait, in the server's words.
 */
export function loginFailureMessage(t: TFunction, error: ApiError): string {
  if (error.status === null) return t('login.errors.noServerResponse');
  if (error.status === 400) {
    const general = error.fieldErrors.errors?.[0];
    return general === messages.loginFailed ? translateServerMessage(t, general) : t('login.errors.missingCredentials');
  }
  if (error.status === 401) return t('login.errors.unauthorized');
  if (error.status === 429 && error.detail) return translateServerMessage(t, error.detail);
  return t('login.errors.failed');
}
