import { z } from 'zod';
import { booleanField, queryBoolean } from './fields.ts';
import { accessMessages } from '../access-messages.ts';
import { messages } from '../messages.ts';
import { notificationSetting } from '../notifications.ts';

import { trashBody } from './project-catalogue.ts';
import { paginationQuery } from './query.ts';
import { primaryKey } from './roles.ts';
import { noContent, routeSet } from './route.ts';
import { count, id, paginatedResponse, previewResponse, timestamp } from './wire.ts';

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
export const notificationSettingStateResponse = z.strictObject({
  action_code: z.number().int(),
  verbose_name: z.string(),
  enabled: z.boolean(),
});
export type NotificationSettingState = z.output<typeof notificationSettingStateResponse>;

const notificationDetail = '/api/v2/notifications/:id(^\\d+)/';

/** `notifications/` (§3.13): the caller's own notifications, their settings, marking them read or unread, and their trash. */
export const notificationRoutes = routeSet('notifications', {
  list: {
    method: 'GET',
    path: '/api/v2/notifications/',
    summary: "The caller's notifications",
    querystring: notificationListQuery.extend(paginationQuery.shape),
    response: { 200: notificationListResponse },
  },
  retrieve: {
    method: 'GET',
    path: notificationDetail,
    summary: "One of the caller's notifications",
    response: { 200: notificationResponse },
  },
  destroy: { method: 'DELETE', path: notificationDetail, summary: 'Delete a notification', response: { 204: noContent } },
  deletePreview: {
    method: 'GET',
    path: `${notificationDetail}delete/preview/` as const,
    summary: 'What deleting the notification would delete: itself alone',
    response: { 200: previewResponse },
  },
  trash: {
    method: 'GET',
    path: '/api/v2/notifications/deleted/',
    summary: "The caller's deleted notifications, newest first",
    querystring: paginationQuery,
    response: { 200: paginatedResponse(notificationResponse) },
  },
  recover: {
    method: 'POST',
    path: '/api/v2/notifications/deleted/recover/',
    summary: 'Recover notifications from the trash',
    body: trashBody,
    response: { 200: z.array(notificationResponse) },
  },
  remove: {
    method: 'POST',
    path: '/api/v2/notifications/deleted/remove/',
    summary: 'Remove notifications from the trash for good',
    body: trashBody,
    response: { 204: noContent },
  },
  mark: {
    method: 'POST',
    path: '/api/v2/notifications/mark-as/',
    summary: 'Mark notifications read or unread (none listed: all of them); answers how many matched',
    body: markNotificationsBody,
    response: { 200: markNotificationsResponse },
  },
  settings: {
    method: 'GET',
    path: '/api/v2/notifications/settings/',
    summary: 'Each notification kind and whether the caller receives it',
    response: { 200: z.array(notificationSettingStateResponse) },
  },
  enable: {
    method: 'POST',
    path: '/api/v2/notifications/enable/',
    summary: 'Start receiving notifications of these kinds',
    body: notificationSettingsBody,
    response: { 200: z.string() },
  },
  disable: {
    method: 'POST',
    path: '/api/v2/notifications/disable/',
    summary: 'Stop receiving notifications of these kinds',
    body: notificationSettingsBody,
    response: { 200: z.string() },
  },
});
