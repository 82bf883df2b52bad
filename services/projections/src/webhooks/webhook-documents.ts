import type { WebhookDeliveryEventName, WebhookEventName, WebhookPayload } from '@testament/contracts';
import { createHash } from 'node:crypto';

export const WEBHOOKS = 'webhooks';
export const WEBHOOK_SUBSCRIPTIONS = 'webhook_subscriptions';
export const WEBHOOK_DELIVERIES = 'webhook_deliveries';

/** `webhooks`: one document per live webhook; `sealedSecret` is for the sender only, never for an answer. */
export interface WebhookDocument {
  [key: string]: unknown;
  _id: number;
  projectId: number;
  name: string;
  url: string;
  events: WebhookEventName[];
  isActive: boolean;
  sealedSecret: string;
  uid: string;
  createdAt: string;
  updatedAt: string;
}

/** `webhook_subscriptions`: one per project with its active webhooks, what a fold of a project's event looks up. */
export interface SubscriptionsDocument {
  [key: string]: unknown;
  _id: number;
  webhooks: Array<{ id: number; uid: string; events: WebhookEventName[] }>;
}

export interface AttemptRecord {
  attempt: number;
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  response: string;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed';

/** `webhook_deliveries`: the outbox, one document per delivery, made when its event is folded. */
export interface DeliveryDocument {
  [key: string]: unknown;
  /** The delivery id: `X-Testament-Delivery`, the payload's `id`, the stream of its attempts. */
  _id: string;
  webhookId: number;
  projectId: number;
  event: WebhookDeliveryEventName;
  /** The position of the event that made it: the log's order, latest first in the log. */
  position: number;
  payload: WebhookPayload;
  state: DeliveryState;
  /** Attempts recorded in all; `roundAttempts` since it was made or last requeued (what the retry policy counts). */
  attempts: number;
  roundAttempts: number;
  /** When it is due (pending), else null. */
  nextAttemptAt: string | null;
  /** A claimed attempt's lease: not due again before it ends. */
  leaseUntil: string | null;
  deliveredAt: string | null;
  /** The latest attempts, newest last (at most `KEPT_ATTEMPTS`). */
  attemptLog: AttemptRecord[];
}

export const KEPT_ATTEMPTS = 20;

/**
 * A delivery's id: a UUID-shaped digest of the webhook's random `uid`, the position of the event it is about and the
 * event's name. The same on every fold of the log (so a rebuilt outbox keeps its ids) and unique across installations.
 */
export function deliveryIdOf(uid: string, position: number, event: WebhookDeliveryEventName): string {
  const hex = createHash('sha256').update(`${uid}:${position}:${event}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
