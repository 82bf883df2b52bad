import { z } from 'zod';
import { messages } from '../messages.ts';
import { flexibleBoolean, queryBoolean } from './query.ts';

export const systemMessages = {
  invalidLevel: (value: unknown) => `"${String(value)}" is not a valid choice.`,
  onlySuperuser: 'Only an administrator can manage system messages.',
} as const;

const content = z.string({ error: messages.required }).trim().min(1, messages.blank).max(10_000, messages.maxLength(10_000));
const level = z.unknown().transform((value, ctx) => {
  const number = typeof value === 'string' && /^\d$/.test(value) ? Number(value) : value;
  if (number === 0 || number === 1 || number === 2) return number;
  ctx.addIssue({ code: 'custom', message: systemMessages.invalidLevel(value) });
  return z.NEVER;
});

/** Superusers manage the banners that `GET system/messages/` shows to everyone. */
export const systemMessageCreateBody = z.object({
  content,
  level: level.optional().default(0),
  is_closing: flexibleBoolean.optional().default(false),
  is_active: flexibleBoolean.optional().default(true),
});

export const systemMessagePatchBody = z.object({
  content: content.optional(),
  level: level.optional(),
  is_closing: flexibleBoolean.optional(),
  is_active: flexibleBoolean.optional(),
});

/** Superusers may list the inactive banners too, to manage them. */
export const systemMessageListQuery = z.object({ include_inactive: queryBoolean.optional() });
