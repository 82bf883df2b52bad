import { planMessages } from '@testament/contracts';
import type { TFunction } from 'i18next';

/** This feature's own form rules carry their `plans.*` key as message; field errors show it translated. */
export const planRuleMessages = {
  ownParent: 'plans.form.ownParent',
  copyNameRequired: 'plans.copy.nameRequired',
  dateRequired: 'plans.form.dateRequired',
  datesOrder: 'plans.form.datesOrder',
} as const;

/** The server's words on a plan's fields, which the app-wide server catalogue does not list. */
const serverKeys: Record<string, string> = {
  [planMessages.ownParent]: planRuleMessages.ownParent,
  [planMessages.childOfItself]: 'plans.form.childOfItself',
  [planMessages.parentArchived]: 'plans.form.parentArchived',
  [planMessages.parentInTrash]: 'plans.form.parentInTrash',
  [planMessages.datesOrder]: planRuleMessages.datesOrder,
  [planMessages.copyNameRequired]: planRuleMessages.copyNameRequired,
};

/** A message with this feature's keys translated; other contract and server messages pass as they are, for FieldError. */
export function translatedPlanMessage(t: TFunction, message: string): string {
  const key = message.startsWith('plans.') ? message : serverKeys[message];
  return key ? t(key) : message;
}

/** A field's error with this feature's keys translated. */
export function translatedError(
  t: TFunction,
  error: { message?: string | undefined } | undefined,
): { message?: string | undefined } | undefined {
  return error?.message === undefined ? error : { message: translatedPlanMessage(t, error.message) };
}
