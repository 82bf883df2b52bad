import { messages, passwordField, passwordProblems, userMessages } from '@testament/contracts';
import { z } from 'zod';
import { formMessages } from '../../forms/form-messages.ts';

/** The spec's rules in the order they are listed (§5), each with its message. */
export const PASSWORD_RULES = [
  messages.password.uppercase,
  messages.password.lowercase,
  messages.password.digit,
  messages.password.special,
  messages.password.length,
] as const;

const ruleMessages = new Set<string>(PASSWORD_RULES);

/** Rule messages are shown by the live checklist; the field itself only says what else is wrong. */
export const isRuleMessage = (message: string | undefined) => message !== undefined && ruleMessages.has(message);

export const passwordIsValid = (password: string) => passwordProblems(password).length === 0;

export interface PasswordPair {
  password: string;
  confirm: string;
}

/** A new password and its confirmation: the API's own rules, then the match (§5). */
export function checkPasswordPair(pair: PasswordPair, ctx: z.RefinementCtx, { optional }: { optional: boolean }): void {
  if (optional && pair.password === '' && pair.confirm === '') return;
  if (pair.password === '') {
    ctx.addIssue({ code: 'custom', path: ['password'], message: formMessages.empty });
    return;
  }
  const rules = passwordField.safeParse(pair.password);
  if (!rules.success) for (const issue of rules.error.issues) ctx.addIssue({ code: 'custom', path: ['password'], message: issue.message });
  else if (pair.confirm === '') ctx.addIssue({ code: 'custom', path: ['confirm'], message: formMessages.empty });
  else if (pair.confirm !== pair.password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: userMessages.passwordsDiffer });
}

export const changePasswordSchema = z
  .object({ password: z.string(), confirm: z.string() })
  .superRefine((pair, ctx) => checkPasswordPair(pair, ctx, { optional: false }));
