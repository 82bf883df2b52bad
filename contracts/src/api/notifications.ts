import { z } from 'zod';
import { booleanField, queryBoolean } from './fields.ts';
import { accessMessages } from '../access-messages.ts';
import { messages } from '../messages.ts';
import { notificationSetting } from '../notifications.ts';

import { primaryKey } from './roles.ts';
import { count, id, paginatedResponse, timestamp } from './wire.ts';

const ORDERING = /^-?(id|unread|timestamp)(,-?(id|unread|timestamp))*$/;

export const notificationListQuery = z.object({
  unread: queryBoolean.optional(),
  ordering: z.string().regex(ORDERING, messages.invalidOrdering).optional(),
});
export type NotificationListQuery = z.output<typeof notificationListQuery>;

/** `POST notifications/mark-as/`: an empty list means all of the caller's notifications. */
export const markNotificationsBody = z.object({
  unread: booleanField.optional().default(true),
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

/** Notification (§3.13); the template's `{{placeholder}}` stands for a link. */
export const notificationResponse = z.strictObject({
  /** The global position of the event it is about. */
  id,
  unread: z.boolean(),
  /** The actor's username. */
  actor: z.string(),
  timestamp,
  /** "3 minutes ago", worked out when read. */
  timeago: z.string(),
  message: z.strictObject({ template: z.string(), placeholder_text: z.string(), placeholder_link: z.string() }),
});
export type Notification = z.output<typeof notificationResponse>;
export const notificationListResponse = paginatedResponse(notificationResponse);

/** `POST notifications/mark-as/`: how many notifications matched, as a bare JSON number. */
export const markNotificationsResponse = count;

/**
 * A notification kind and whether the caller receives it: enabled, or on by default and not disabled. Named for its
 * state since `NotificationSetting` is the catalogue entry (notifications.ts).
 */
export const notificationSettingStateResponse = z.strictObject({ action_code: z.number().int(), verbose_name: z.string(), enabled: z.boolean() });
export type NotificationSettingState = z.output<typeof notificationSettingStateResponse>;
