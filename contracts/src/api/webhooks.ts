import { z } from 'zod';
import { messages } from '../messages.ts';
import { WEBHOOK_EVENTS } from '../events/webhooks.ts';
import { booleanField, idField } from './fields.ts';
import { catalogueMessages, projectScopeQuery, requiredText } from './project-catalogue.ts';
import { paginationQuery } from './query.ts';
import { noContent, routeSet } from './route.ts';
import { count, id, paginatedResponse, timestamp } from './wire.ts';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRET_MAX = 256;

export const webhookMessages = {
  nameTaken: 'A webhook with this name already exists in the project.',
  invalidUrl: 'Enter a valid http or https URL.',
  privateAddress: 'The address is loopback, private, link-local or reserved: webhooks are not sent there.',
  ownAddress: 'The address is this server itself: webhooks are not sent there.',
  unresolvable: (host: string) => `The host "${host}" could not be resolved.`,
  noEvents: 'Choose at least one event.',
  unknownEvent: (event: string) => `"${event}" is not an event a webhook can subscribe to.`,
  secretLength: `A secret has ${WEBHOOK_SECRET_MIN} to ${WEBHOOK_SECRET_MAX} characters.`,
  notRedeliverable: 'This delivery is still being sent.',
  inactive: 'The webhook is turned off: turn it on to send it anything.',
} as const;

/** The address as the form and the API take it: http(s) with a host; whether it may be sent to is the gateway's check. */
export function isWebhookUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const webhookUrl = z
  .string({ error: (issue) => (issue.input === undefined ? messages.required : catalogueMessages.notAString) })
  .trim()
  .min(1, messages.blank)
  .max(WEBHOOK_URL_MAX, catalogueMessages.tooLong(WEBHOOK_URL_MAX))
  .refine(isWebhookUrl, webhookMessages.invalidUrl);

const webhookEvents = z.array(z.string({ error: messages.notAString }), { error: messages.notAList }).transform((events, ctx) => {
  const unknown = events.find((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event));
  if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: webhookMessages.unknownEvent(unknown) });
  else if (events.length === 0) ctx.addIssue({ code: 'custom', message: webhookMessages.noEvents });
  return WEBHOOK_EVENTS.filter((event) => events.includes(event));
});

/** A secret of the caller's own; the server makes one when none is given. */
const webhookSecret = z
  .string({ error: catalogueMessages.notAString })
  .refine((secret) => secret.length >= WEBHOOK_SECRET_MIN && secret.length <= WEBHOOK_SECRET_MAX && !/\s/.test(secret), {
    message: webhookMessages.secretLength,
  });

const webhookFields = { name: requiredText(255), url: webhookUrl, events: webhookEvents, is_active: booleanField };

/** `POST webhooks/`: name, URL, events and project; active unless said; the secret made by the server unless given. */
export const webhookCreateBody = z.object({
  ...webhookFields,
  project: idField,
  is_active: booleanField.optional().default(true),
  secret: webhookSecret.optional(),
});
export type WebhookCreateBody = z.output<typeof webhookCreateBody>;

/** `PATCH webhooks/{id}/`: any of the fields; the project and the secret are not changed here. */
export const webhookPatchBody = z.object(webhookFields).partial();
export type WebhookPatchBody = z.output<typeof webhookPatchBody>;

/** `POST webhooks/{id}/rotate-secret/`: a new secret, given or made. */
export const webhookRotateBody = z.object({ secret: webhookSecret.optional() });

/** A webhook as its project's managers see it: never its secret. */
export const webhookResponse = z.strictObject({
  id,
  project: id,
  name: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  is_active: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Webhook = z.output<typeof webhookResponse>;

/** The answers of create and rotate: the only ones that show the secret. */
export const webhookWithSecretResponse = webhookResponse.extend({ secret: z.string() });
export type WebhookWithSecret = z.output<typeof webhookWithSecretResponse>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** One delivery in the log: what was sent, and how its latest attempt went. */
export const webhookDeliveryResponse = z.strictObject({
  /** The delivery's idempotency key (`X-Testament-Delivery`), the same on every attempt. */
  id: z.string(),
  event: z.enum([...WEBHOOK_EVENTS, 'ping']),
  occurred_at: timestamp,
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: count,
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  next_attempt_at: timestamp.nullable(),
  delivered_at: timestamp.nullable(),
});
export type WebhookDelivery = z.output<typeof webhookDeliveryResponse>;

export const webhookAttemptResponse = z.strictObject({
  attempt: id,
  at: timestamp,
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: count,
  /** The start of the receiver's answer (1 KB at most). */
  response: z.string(),
});

/** One delivery with its payload and every attempt's outcome. */
export const webhookDeliveryDetailResponse = webhookDeliveryResponse.extend({
  payload: z.record(z.string(), z.unknown()),
  attempt_log: z.array(webhookAttemptResponse),
});

/**
 * The body of every delivery (docs/webhooks.md): `id` is the delivery's idempotency key, `data` depends on `event`.
 * Receivers may hold payloads to it; fields may be added, none removed or changed without a new event name.
 */
export const webhookPayload = z.strictObject({
  id: z.string(),
  event: z.enum([...WEBHOOK_EVENTS, 'ping']),
  occurred_at: timestamp,
  project: z.strictObject({ id, name: z.string() }),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.output<typeof webhookPayload>;

const base = '/api/v2/webhooks/';
const detail = `${base}:id(^\\d+)/`;
const delivery = `${detail}deliveries/:delivery/`;

/**
 * `webhooks/` (Testament's own): a project's outgoing webhooks, for those who manage the project (`change_project`);
 * reading them needs that too, since their URLs and delivery logs are the project's configuration.
 */
export const webhookRoutes = routeSet('webhooks', {
  list: {
    method: 'GET',
    path: base,
    summary: 'The webhooks of a project (`?project=`)',
    querystring: projectScopeQuery,
    response: { 200: z.array(webhookResponse) },
  },
  create: {
    method: 'POST',
    path: base,
    summary: 'Create a webhook; the answer is the only one that shows its secret',
    body: webhookCreateBody,
    response: { 201: webhookWithSecretResponse },
  },
  retrieve: { method: 'GET', path: detail, summary: 'One webhook', response: { 200: webhookResponse } },
  update: { method: 'PATCH', path: detail, summary: 'Change a webhook', body: webhookPatchBody, response: { 200: webhookResponse } },
  destroy: { method: 'DELETE', path: detail, summary: 'Delete a webhook and stop its deliveries', response: { 204: noContent } },
  rotateSecret: {
    method: 'POST',
    path: `${detail}rotate-secret/`,
    summary: 'Give a webhook a new secret, shown in this answer only',
    body: webhookRotateBody,
    response: { 200: webhookWithSecretResponse },
  },
  ping: {
    method: 'POST',
    path: `${detail}ping/`,
    summary: 'Send the webhook a `ping` delivery',
    response: { 201: webhookDeliveryResponse },
  },
  deliveries: {
    method: 'GET',
    path: `${detail}deliveries/`,
    summary: "A webhook's deliveries, latest first",
    querystring: paginationQuery,
    response: { 200: paginatedResponse(webhookDeliveryResponse) },
  },
  delivery: {
    method: 'GET',
    path: delivery,
    summary: 'One delivery, its payload and its attempts',
    response: { 200: webhookDeliveryDetailResponse },
  },
  redeliver: {
    method: 'POST',
    path: `${delivery}redeliver/`,
    summary: 'Send a delivered or given-up delivery again, with the same id',
    response: { 200: webhookDeliveryResponse },
  },
});
