import { topics, type WebhookDeliveryEvent, type WebhookDeliveryEventName, type WebhookEvent } from '@testament/contracts';
import { BULK_JOBS } from '../bulk-jobs/bulk-jobs-projection.ts';
import { PLANS } from '../plans/plan-document.ts';
import { PROJECTS } from '../projects/project-document.ts';
import { projection, type DocumentKey, type EventOf, type ProjectionView } from '../runner/projection.ts';
import { PLAN_TEST_COUNTS } from '../tests/plan-counts.ts';
import { TESTS } from '../tests/test-document.ts';
import {
  deliveryKeys,
  occurrencesOf,
  projectNameOf,
  projectOfWebhookStream,
  TRIGGER_EVENTS,
  triggerDependents,
  type TriggerEvent,
} from './triggers.ts';
import {
  deliveryIdOf,
  KEPT_ATTEMPTS,
  WEBHOOK_DELIVERIES,
  WEBHOOK_SUBSCRIPTIONS,
  WEBHOOKS,
  type DeliveryDocument,
  type SubscriptionsDocument,
  type WebhookDocument,
} from './webhook-documents.ts';

type WebhooksEvent = WebhookEvent | WebhookDeliveryEvent | TriggerEvent;

const CONFIG_EVENTS = ['WebhookCreated', 'WebhookChanged', 'WebhookSecretRotated', 'WebhookDeleted', 'WebhookPinged'] as const;
const DELIVERY_EVENTS = ['WebhookDeliveryStarted', 'WebhookDeliveryAttempted', 'WebhookDeliveryRequeued'] as const;

const isTrigger = (event: EventOf<WebhooksEvent>): event is EventOf<TriggerEvent> =>
  (TRIGGER_EVENTS as readonly string[]).includes(event.type);
const isDeliveryEvent = (event: EventOf<WebhooksEvent>): event is EventOf<WebhookDeliveryEvent> =>
  (DELIVERY_EVENTS as readonly string[]).includes(event.type);

/** A new delivery, due at once. */
function newDelivery(
  event: EventOf<WebhooksEvent>,
  webhook: { id: number; uid: string },
  projectId: number,
  name: WebhookDeliveryEventName,
  data: Record<string, unknown>,
  view: ProjectionView,
): DeliveryDocument {
  const id = deliveryIdOf(webhook.uid, event.position, name);
  const occurredAt = event.metadata.time;
  return {
    _id: id,
    webhookId: webhook.id,
    projectId,
    event: name,
    position: event.position,
    payload: { id, event: name, occurred_at: occurredAt, project: { id: projectId, name: projectNameOf(projectId, view) }, data },
    state: 'pending',
    attempts: 0,
    roundAttempts: 0,
    nextAttemptAt: occurredAt,
    leaseUntil: null,
    deliveredAt: null,
    attemptLog: [],
  };
}

/** The project's active webhooks, as the folds of its events look them up. */
function subscribe(view: ProjectionView, webhook: WebhookDocument | undefined, projectId: number, webhookId: number): void {
  const current = view.get<SubscriptionsDocument>(WEBHOOK_SUBSCRIPTIONS, projectId)?.webhooks ?? [];
  const others = current.filter((subscribed) => subscribed.id !== webhookId);
  const webhooks = webhook?.isActive ? [...others, { id: webhook._id, uid: webhook.uid, events: webhook.events }] : others;
  view.put(WEBHOOK_SUBSCRIPTIONS, { _id: projectId, webhooks: webhooks.sort((a, b) => a.id - b.id) } satisfies SubscriptionsDocument);
}

function applyConfig(event: EventOf<WebhookEvent>, view: ProjectionView): void {
  const projectId = projectOfWebhookStream(event.stream);
  const { id } = event.data;
  const time = event.metadata.time;
  const current = view.get<WebhookDocument>(WEBHOOKS, id);
  let next: WebhookDocument | undefined;
  switch (event.type) {
    case 'WebhookCreated': {
      const { id: _id, ...fields } = event.data;
      next = { _id: id, ...fields, createdAt: time, updatedAt: time };
      break;
    }
    case 'WebhookChanged': {
      const { id: _id, ...changes } = event.data;
      if (current) next = { ...current, ...changes, updatedAt: time };
      break;
    }
    case 'WebhookSecretRotated':
      if (current) next = { ...current, sealedSecret: event.data.sealedSecret, updatedAt: time };
      break;
    case 'WebhookDeleted':
      view.remove(WEBHOOKS, id);
      break;
    case 'WebhookPinged':
      if (current) view.put(WEBHOOK_DELIVERIES, newDelivery(event, { id, uid: current.uid }, projectId, 'ping', pingData(current), view));
      break;
  }
  if (next) view.put(WEBHOOKS, next);
  if (event.type !== 'WebhookPinged') subscribe(view, next, projectId, id);
  view.notify(topics.webhooks(projectId));
}

const pingData = (webhook: WebhookDocument) => ({ webhook: { id: webhook._id, name: webhook.name, events: webhook.events } });

function applyDelivery(event: EventOf<WebhookDeliveryEvent>, view: ProjectionView): void {
  const delivery = view.get<DeliveryDocument>(WEBHOOK_DELIVERIES, event.data.deliveryId);
  if (!delivery) return;
  const time = event.metadata.time;
  let next: DeliveryDocument;
  switch (event.type) {
    case 'WebhookDeliveryStarted':
      next = { ...delivery, leaseUntil: event.data.leaseUntil };
      break;
    case 'WebhookDeliveryAttempted': {
      const { attempt, delivered, statusCode, error, durationMs, response, retryAt } = event.data;
      const record = { attempt, at: time, statusCode, error, durationMs, response };
      next = {
        ...delivery,
        state: delivered ? 'delivered' : retryAt === null ? 'failed' : 'pending',
        attempts: attempt,
        roundAttempts: delivery.roundAttempts + 1,
        nextAttemptAt: delivered ? null : retryAt,
        leaseUntil: null,
        deliveredAt: delivered ? time : delivery.deliveredAt,
        attemptLog: [...delivery.attemptLog, record].slice(-KEPT_ATTEMPTS),
      };
      break;
    }
    case 'WebhookDeliveryRequeued':
      next = { ...delivery, state: 'pending', roundAttempts: 0, nextAttemptAt: time, leaseUntil: null };
      break;
  }
  view.put(WEBHOOK_DELIVERIES, next);
  view.notify(topics.webhooks(delivery.projectId));
}

function keysOf(event: EventOf<WebhooksEvent>): DocumentKey[] {
  if (isTrigger(event)) return [[WEBHOOK_SUBSCRIPTIONS, event.data.projectId]];
  if (isDeliveryEvent(event)) return [[WEBHOOK_DELIVERIES, event.data.deliveryId]];
  const projectId = projectOfWebhookStream(event.stream);
  return [
    [WEBHOOKS, event.data.id],
    [WEBHOOK_SUBSCRIPTIONS, projectId],
    [PROJECTS, projectId],
  ];
}

/**
 * The webhooks and their outbox. A delivery is derived from the log: the fold of an event that tells an active
 * webhook something (docs/webhooks.md) makes its delivery document, in the same transaction as the runner's checkpoint,
 * so a crash neither loses one nor makes one twice, and a fold of the same log makes the same deliveries with the same
 * ids. The sender's claims and outcomes are events too (`webhook-delivery-<id>`), folded here into the delivery's state.
 */
export const webhooksProjection = projection<WebhooksEvent>({
  name: 'webhooks',
  source: import.meta.url,
  collections: {
    [WEBHOOKS]: { indexes: [{ keys: { projectId: 1, _id: 1 } }, { keys: { isActive: 1, _id: 1 } }] },
    [WEBHOOK_SUBSCRIPTIONS]: { indexes: [] },
    // The log of a webhook, latest first; and what the sender asks: a webhook's pending deliveries by when they are due.
    [WEBHOOK_DELIVERIES]: {
      indexes: [{ keys: { webhookId: 1, position: -1 } }, { keys: { webhookId: 1, state: 1, nextAttemptAt: 1 } }],
    },
  },
  // An event is told as its documents were before it: the test untested, its plan's counts, the job's total.
  readsBefore: [PROJECTS, TESTS, PLANS, PLAN_TEST_COUNTS, BULK_JOBS],
  handles: new Set([...TRIGGER_EVENTS, ...CONFIG_EVENTS, ...DELIVERY_EVENTS]),
  keys: keysOf,
  dependents: (event, view) => (isTrigger(event) ? [...triggerDependents(event, view), ...deliveryKeys(event, view)] : []),
  apply(event, view) {
    if (isDeliveryEvent(event)) return applyDelivery(event, view);
    if (!isTrigger(event)) return applyConfig(event, view);
    const subscribed = view.get<SubscriptionsDocument>(WEBHOOK_SUBSCRIPTIONS, event.data.projectId)?.webhooks ?? [];
    const occurrences = occurrencesOf(event, view);
    for (const { event: name, data } of occurrences) {
      for (const webhook of subscribed.filter((candidate) => candidate.events.includes(name))) {
        view.put(WEBHOOK_DELIVERIES, newDelivery(event, webhook, event.data.projectId, name, data, view));
      }
    }
    if (occurrences.length > 0) view.notify(topics.webhooks(event.data.projectId));
  },
});
