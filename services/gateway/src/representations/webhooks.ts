import type { Webhook, WebhookDelivery, webhookDeliveryDetailResponse } from '@testament/contracts';
import type { DeliveryDocument, WebhookDocument } from '@testament/projections/webhooks/queries';
import type { z } from 'zod';

/** A webhook as its managers see it: never its secret, sealed or not. */
export function webhookRepresentation(webhook: WebhookDocument): Webhook {
  return {
    id: webhook._id,
    project: webhook.projectId,
    name: webhook.name,
    url: webhook.url,
    events: webhook.events,
    is_active: webhook.isActive,
    created_at: webhook.createdAt,
    updated_at: webhook.updatedAt,
  };
}

/** A delivery in the log, with its latest attempt's outcome. */
export function deliveryRepresentation(delivery: DeliveryDocument): WebhookDelivery {
  const last = delivery.attemptLog.at(-1);
  return {
    id: delivery._id,
    event: delivery.event,
    occurred_at: delivery.payload.occurred_at,
    state: delivery.state,
    attempts: delivery.attempts,
    status_code: last?.statusCode ?? null,
    error: last?.error ?? null,
    duration_ms: last?.durationMs ?? null,
    next_attempt_at: delivery.state === 'pending' ? delivery.nextAttemptAt : null,
    delivered_at: delivery.deliveredAt,
  };
}

export function deliveryDetailRepresentation(delivery: DeliveryDocument): z.output<typeof webhookDeliveryDetailResponse> {
  return {
    ...deliveryRepresentation(delivery),
    payload: delivery.payload,
    attempt_log: delivery.attemptLog.map((attempt) => ({
      attempt: attempt.attempt,
      at: attempt.at,
      status_code: attempt.statusCode,
      error: attempt.error,
      duration_ms: attempt.durationMs,
      response: attempt.response,
    })),
  };
}
