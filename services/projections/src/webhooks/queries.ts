import type { ReadStore } from '@testament/infra';
import { findPage, type PageWindow } from '../paging.ts';
import { WEBHOOK_DELIVERIES, WEBHOOKS, type DeliveryDocument, type WebhookDocument } from './webhook-documents.ts';

export { deliveryIdOf, type DeliveryDocument, type WebhookDocument } from './webhook-documents.ts';

/** A project's webhooks, oldest first. */
export function listWebhooks(readStore: ReadStore, projectId: number): Promise<WebhookDocument[]> {
  return readStore.collection<WebhookDocument>(WEBHOOKS).find({ projectId }, { sort: { _id: 1 } });
}

export function findWebhook(readStore: ReadStore, webhookId: number): Promise<WebhookDocument | null> {
  return readStore.collection<WebhookDocument>(WEBHOOKS).findOne({ _id: webhookId });
}

/** Every active webhook: whose deliveries the sender looks at. */
export function activeWebhooks(readStore: ReadStore): Promise<WebhookDocument[]> {
  return readStore.collection<WebhookDocument>(WEBHOOKS).find({ isActive: true }, { sort: { _id: 1 } });
}

/** One page of a webhook's deliveries, latest first. */
export function listDeliveries(readStore: ReadStore, webhookId: number, page: PageWindow) {
  return findPage(readStore.collection<DeliveryDocument>(WEBHOOK_DELIVERIES), { webhookId }, { position: -1 }, page);
}

export function findDelivery(readStore: ReadStore, deliveryId: string): Promise<DeliveryDocument | null> {
  return readStore.collection<DeliveryDocument>(WEBHOOK_DELIVERIES).findOne({ _id: deliveryId });
}

/** A webhook's pending deliveries due by `now`, the longest waiting first (a claimed one may still be under its lease). */
export function dueDeliveries(readStore: ReadStore, webhookId: number, now: string, limit: number): Promise<DeliveryDocument[]> {
  return readStore
    .collection<DeliveryDocument>(WEBHOOK_DELIVERIES)
    .find({ webhookId, state: 'pending', nextAttemptAt: { $lte: now } }, { sort: { nextAttemptAt: 1 }, limit });
}
