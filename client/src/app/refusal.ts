import type { TFunction } from 'i18next';
import { isApiError } from '../api/api-error.ts';
import { translateServerMessage } from '../i18n/server-messages.ts';
import { notify } from './toasts.ts';

/**
 * A write the server refused where no form can show why (a 403, a 400 of a
 * button): its first message as an error toast. Failures the data layer
 * already reported are left alone.
 */
export function notifyRefusal(t: TFunction, error: unknown): void {
  if (!isApiError(error) || error.routed) return;
  const message = error.detail ?? Object.values(error.fieldErrors).flat()[0];
  notify({ severity: 'error', summary: message ? translateServerMessage(t, message) : t('errors.internalServerError') });
}
