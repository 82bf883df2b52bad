import { z } from 'zod';
import { booleanField, queryBoolean } from './fields.ts';
import { messages } from '../messages.ts';
import { SYSTEM_MESSAGE_LEVELS } from '../events/system-messages.ts';
import { noContent, routeSet } from './route.ts';
import { id, timestamp } from './wire.ts';

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
  is_closing: booleanField.optional().default(false),
  is_active: booleanField.optional().default(true),
});

export const systemMessagePatchBody = z.object({
  content: content.optional(),
  level: level.optional(),
  is_closing: booleanField.optional(),
  is_active: booleanField.optional(),
});

/** Superusers may list the inactive banners too, to manage them. */
export const systemMessageListQuery = z.object({ include_inactive: queryBoolean.optional() });

/** A banner (§3.17): level 0 info, 1 warning, 2 error; a closing banner may be hidden by the user. */
export const systemMessageResponse = z.strictObject({
  id,
  created_at: timestamp,
  updated_at: timestamp,
  content: z.string(),
  level: z.literal(SYSTEM_MESSAGE_LEVELS),
  is_closing: z.boolean(),
});
export type SystemMessage = z.output<typeof systemMessageResponse>;

/** A banner as superusers managing them see it. */
export const managedSystemMessageResponse = systemMessageResponse.extend({ is_active: z.boolean() });
export type ManagedSystemMessage = z.output<typeof managedSystemMessageResponse>;

/** `GET system/messages/`: the active banners, or with `include_inactive` (superusers) all of them, managed. */
export const systemMessageListResponse = z.union([z.array(systemMessageResponse), z.array(managedSystemMessageResponse)]);

const messageList = '/api/v2/system/messages/';
const messageDetail = '/api/v2/system/messages/:id(^\\d+)/';

/** `system/messages/` (§3.17): the banners, public to read; superusers manage them. */
export const systemMessageRoutes = routeSet('system-messages', {
  /** No authentication: the login page shows the banners too. */
  list: {
    method: 'GET',
    path: messageList,
    summary: 'The active banners, needing no sign-in; superusers may include the inactive ones',
    querystring: systemMessageListQuery,
    response: { 200: systemMessageListResponse },
    public: true,
  },
  create: {
    method: 'POST',
    path: messageList,
    summary: 'Create a banner (superusers)',
    body: systemMessageCreateBody,
    response: { 201: managedSystemMessageResponse },
  },
  retrieve: { method: 'GET', path: messageDetail, summary: 'One banner (superusers)', response: { 200: managedSystemMessageResponse } },
  update: {
    method: 'PATCH',
    path: messageDetail,
    summary: 'Change a banner (superusers)',
    body: systemMessagePatchBody,
    response: { 200: managedSystemMessageResponse },
  },
  destroy: { method: 'DELETE', path: messageDetail, summary: 'Delete a banner (superusers)', response: { 204: noContent } },
});
