import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';
import { catalogueItemId } from './project-catalogue.ts';

/**
 * What a webhook may subscribe to (docs/webhooks.md says exactly when each happens). `ping` is not subscribed to:
 * it is the delivery a "send a test ping" makes.
 */
export const WEBHOOK_EVENTS = ['plan.finished', 'result.failed', 'import.finished', 'bulk_job.finished'] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];
export type WebhookDeliveryEventName = WebhookEventName | 'ping';

/** The system statuses a result fails with for `result.failed`: Failed and Broken (contracts' SYSTEM_STATUSES). */
export const WEBHOOK_FAILING_STATUSES: readonly number[] = [1, 4];

/** The bulk-job kinds whose end is also an `import.finished` (`report`: test report imports, once they exist). */
export const WEBHOOK_IMPORT_KINDS: readonly string[] = ['import', 'report'];

const webhookFields = {
  name: z.string().min(1),
  url: z.string().min(1),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  isActive: z.boolean(),
};

/** The delivery's stream names it; the webhook's and its project's ids say whose it is (the audit trail's object is the webhook). */
const deliveryRef = { deliveryId: z.string().min(1), webhookId: catalogueItemId, projectId: z.number().int().positive() };

/** Delivery events leave the webhook's own fields as they were in the audit trail: they are about its deliveries. */
const aboutDeliveries = {
  action: 'other',
  fieldsAfter: (_data: unknown, before: Record<string, unknown> | undefined) => before ?? {},
} as const;

/**
 * A project's outgoing webhooks (`webhooks-project-3`, one stream: names stay unique per project). The signing secret
 * is kept sealed (AES-256-GCM under the data directory's `webhook-secrets.key`): the log never holds a usable secret,
 * and the audit trail says only that it changed. `uid` is random, made at create: delivery ids are derived from it,
 * so two installations never send the same id.
 */
export const webhookEvents = defineEvents({
  WebhookCreated: {
    version: 1,
    audit: { secretField: 'secret' },
    schema: z.object({
      id: catalogueItemId,
      projectId: z.number().int().positive(),
      ...webhookFields,
      sealedSecret: z.string(),
      uid: z.string(),
    }),
  },
  WebhookChanged: {
    version: 1,
    schema: z.object({ id: catalogueItemId, ...z.object(webhookFields).partial().shape }),
  },
  WebhookSecretRotated: {
    version: 1,
    audit: { secretField: 'secret' },
    schema: z.object({ id: catalogueItemId, sealedSecret: z.string() }),
  },
  WebhookDeleted: { version: 1, schema: z.object({ id: catalogueItemId }) },
  /** Asks for a `ping` delivery, whose id comes from this event's position like every other delivery's. */
  WebhookPinged: { version: 1, audit: { action: 'other' }, schema: z.object({ id: catalogueItemId }) },
});
export type WebhookEvent = EventsOf<typeof webhookEvents>;

/**
 * One delivery's attempts (`webhook-delivery-<delivery id>`). The delivery itself is derived from the log by the
 * webhooks read model; its stream records the sender's claims and outcomes, so a claim is granted once per attempt
 * (the stream's expected revision) and a crash between the request and its outcome leaves the claim to expire, after
 * which the same delivery is sent again with the same id.
 */
export const webhookDeliveryEvents = defineEvents({
  /** The sender claims attempt `attempt` until `leaseUntil`; nobody else sends it meanwhile. */
  WebhookDeliveryStarted: {
    version: 1,
    audit: aboutDeliveries,
    schema: z.object({ ...deliveryRef, attempt: z.number().int().positive(), leaseUntil: z.string() }),
  },
  /** The attempt's outcome; `retryAt` null when it was delivered or given up. */
  WebhookDeliveryAttempted: {
    version: 1,
    audit: aboutDeliveries,
    schema: z.object({
      ...deliveryRef,
      attempt: z.number().int().positive(),
      delivered: z.boolean(),
      statusCode: z.number().int().nullable(),
      error: z.string().nullable(),
      durationMs: z.number().int().nonnegative(),
      /** The start of the answer's body (at most 1 KB). */
      response: z.string(),
      retryAt: z.string().nullable(),
    }),
  },
  /** A manager asked for it again (delivered or given up): it goes out once more with the same id. */
  WebhookDeliveryRequeued: { version: 1, audit: aboutDeliveries, schema: z.object(deliveryRef) },
});
export type WebhookDeliveryEvent = EventsOf<typeof webhookDeliveryEvents>;
