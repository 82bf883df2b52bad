import type { TFunction } from 'i18next';
import { translateServerMessage } from '../i18n/server-messages.ts';

/**
 * Messages of the app's own form rules, those the spec words differently from
 * the server (§5). Schemas carry these keys; FieldError translates them.
 */
export const formMessages = {
  empty: 'forms.errors.empty',
  required: 'forms.errors.required',
  /** The bulk-result wizard's wording (tests-and-results §5). */
  requiredField: 'forms.errors.requiredField',
  jsonParse: 'forms.errors.jsonParse',
  maxLength: 'forms.errors.maxLength',
} as const;

const ownKeys = new Set<string>(Object.values(formMessages));

/** One of the app's own form messages, or a contract message from zod or the server. */
export function translateFormMessage(t: TFunction, message: string): string {
  return ownKeys.has(message) ? t(message) : translateServerMessage(t, message);
}
