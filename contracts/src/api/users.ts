import { z } from 'zod';
import { messages } from '../messages.ts';

/** The spec's password rules, in the order their messages are shown. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (!/[A-Z]/.test(password)) problems.push(messages.password.uppercase);
  if (!/[a-z]/.test(password)) problems.push(messages.password.lowercase);
  if (!/[0-9]/.test(password)) problems.push(messages.password.digit);
  if (!/[!@#$%^&*]/.test(password)) problems.push(messages.password.special);
  if (password.length < 8) problems.push(messages.password.length);
  return problems;
}

export const passwordField = z.string({ error: messages.required }).superRefine((password, ctx) => {
  for (const message of passwordProblems(password)) ctx.addIssue({ code: 'custom', message });
});

export const changePasswordBody = z.object({ password: passwordField });

/** D1: only profile fields; anything else in the body is ignored, not rejected. */
export const profilePatchBody = z.object({
  first_name: z.string().max(150).optional(),
  last_name: z.string().max(150).optional(),
  email: z.union([z.email({ error: 'Enter a valid email address.' }), z.literal('')]).optional(),
});

export const userConfigPatchBody = z.record(z.string(), z.unknown(), { error: 'Expected a JSON object.' });
