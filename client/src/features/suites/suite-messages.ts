import { suiteMessages } from '@testament/contracts';
import type { TFunction } from 'i18next';

/** This feature's own form rules carry their `suites.*` key as message; field errors show it translated. */
export const suiteRuleMessages = {
  ownParent: 'suites.form.ownParent',
  copyNameEmpty: 'suites.copy.nameEmpty',
  projectRequired: 'suites.copy.projectRequired',
} as const;

/** The server's words on a suite's parent, which the app-wide server catalogue does not list. */
const serverKeys: Record<string, string> = {
  [suiteMessages.childOfItself]: 'suites.form.childOfItself',
  [suiteMessages.ownParent]: suiteRuleMessages.ownParent,
};

/** A field's error with this feature's keys translated; other contract and server messages pass to FieldError as they are. */
export function translatedError(
  t: TFunction,
  error: { message?: string | undefined } | undefined,
): { message?: string | undefined } | undefined {
  const message = error?.message;
  if (message === undefined) return error;
  const key = message.startsWith('suites.') ? message : serverKeys[message];
  return key ? { message: t(key) } : error;
}
