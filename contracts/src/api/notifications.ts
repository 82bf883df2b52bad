import { z } from 'zod';
import { accessMessages } from '../access-messages.ts';
import { messages } from '../messages.ts';
import { notificationSetting } from '../notifications.ts';
import { flexibleBoolean, queryBoolean } from './query.ts';
import { primaryKey } from './roles.ts';

const ORDERING = /^-?(id|unread|timestamp)(,-?(id|unread|timestamp))*$/;

export const notificationListQuery = z.object({
  unread: queryBoolean.optional(),
  ordering: z.string().regex(ORDERING, messages.invalidOrdering).optional(),
});
export type NotificationListQuery = z.output<typeof notificationListQuery>;

/** `POST notifications/mark-as/`: an empty list means all of the caller's notifications. */
export const markNotificationsBody = z.object({
  unread: flexibleBoolean.optional().default(true),
  notifications: z.array(primaryKey, { error: messages.notAList }).optional().default([]),
});

const actionCode = z.unknown().transform((value, ctx) => {
  const code = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof code === 'number' && notificationSetting(code)) return code;
  ctx.addIssue({ code: 'custom', message: accessMessages.invalidChoice(value) });
  return z.NEVER;
});

/** `POST notifications/enable/` and `notifications/disable/`. */
export const notificationSettingsBody = z.object({
  settings: z.array(actionCode, { error: messages.required }).min(1, accessMessages.emptyList),
});
