import {
  WEBHOOK_EVENTS,
  type webhookCreateBody,
  webhookRoutes,
  type Webhook,
  type WebhookDelivery,
  type WebhookPatchBody,
} from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import type { Paginated } from '../../api/paginated.ts';
import { api } from '../../app/services.ts';

export type { Webhook, WebhookDelivery, WebhookWithSecret } from '@testament/contracts';
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];
export { WEBHOOK_EVENTS };

const webhooks = api.endpoints(webhookRoutes);
const handled = { handles: [400, 403, 404] } as const;

/** The deliveries shown at a time: the latest ones. */
export const DELIVERIES_PAGE_SIZE = 20;

/** `webhooks/` (docs/webhooks.md): a project's outgoing webhooks and their delivery logs, for its managers. */
export const webhookApi = {
  list: (projectId: number): Observable<Webhook[]> => webhooks.list({ query: { project: projectId } }),
  create: (body: z.input<typeof webhookCreateBody>) => webhooks.create({ body }, handled),
  update: (id: number, body: WebhookPatchBody) => webhooks.update({ id, body }, handled),
  destroy: (id: number) => webhooks.destroy({ id }, handled),
  rotateSecret: (id: number) => webhooks.rotateSecret({ id, body: {} }, handled),
  ping: (id: number) => webhooks.ping({ id }, handled),
  deliveries: (id: number): Observable<Paginated<WebhookDelivery>> =>
    webhooks.deliveries({ id, query: { page: '1', page_size: String(DELIVERIES_PAGE_SIZE) } }),
  redeliver: (id: number, delivery: string) => webhooks.redeliver({ id, delivery }, handled),
};

/** An event's name as the texts key it (`plan.finished` → `plan_finished`). */
export const eventKey = (event: string) => event.replace('.', '_');
