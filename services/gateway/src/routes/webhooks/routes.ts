import type { CommandInput } from '@testament/commands';
import {
  NotFoundError,
  ValidationError,
  catalogueMessages,
  parseOrThrow,
  webhookRoutes,
  type WebhookCreateBody,
  type WebhookPatchBody,
} from '@testament/contracts';
import {
  deliveryIdOf,
  findDelivery,
  findWebhook,
  listDeliveries,
  listWebhooks,
  type WebhookDocument,
} from '@testament/projections/webhooks/queries';
import { findProject } from '@testament/projections/projects/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { manageableProjectOrFail, requiredProjectQuery } from '../../http/project-scope.ts';
import { serve } from '../../http/route-schema.ts';
import { requireUser } from '../../plugins/authentication.ts';
import { deliveryDetailRepresentation, deliveryRepresentation, webhookRepresentation } from '../../representations/webhooks.ts';
import { RefusedAddressError, vetWebhookUrl } from '../../webhooks/address-guard.ts';
import { newWebhookSecret } from '../../webhooks/secret-box.ts';

type WebhookChanges = CommandInput<'webhooks.change'>['changes'];

function changesOf(body: WebhookPatchBody): WebhookChanges {
  return { name: body.name, url: body.url, events: body.events, isActive: body.is_active };
}

/**
 * `webhooks/` (Testament's own, docs/webhooks.md): a project's outgoing webhooks and their delivery logs, for the
 * project's managers only. An address is checked when saved (400 on `url`), as the sender checks it again at each attempt.
 */
export default async function serveWebhooks(app: FastifyInstance, context: GatewayContext) {
  const { readStore, webhooks } = context.system;
  const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);

  /** The webhook the path names, in a project the caller manages: 404 unknown, 403 hidden or not managed. */
  async function managedWebhook(request: FastifyRequest): Promise<WebhookDocument> {
    const webhook = await findWebhook(readStore, idOf(request));
    if (!webhook) throw new NotFoundError();
    await manageableProjectOrFail(readStore, requireUser(request), webhook.projectId);
    return webhook;
  }

  async function managedDelivery(request: FastifyRequest) {
    const webhook = await managedWebhook(request);
    const delivery = await findDelivery(readStore, (request.params as { delivery: string }).delivery);
    if (!delivery || delivery.webhookId !== webhook._id) throw new NotFoundError();
    return { webhook, delivery };
  }

  async function requireSendableUrl(url: string): Promise<void> {
    try {
      await vetWebhookUrl(url, webhooks.policy);
    } catch (error) {
      if (error instanceof RefusedAddressError) throw ValidationError.of('url', error.message);
      throw error;
    }
  }

  async function webhookOrFail(id: number): Promise<WebhookDocument> {
    const webhook = await findWebhook(readStore, id);
    if (!webhook) throw new NotFoundError();
    return webhook;
  }

  /** The answer of create and rotate: the secret as stored (a retried request shows the one its first run kept). */
  const withSecret = (webhook: WebhookDocument) => ({
    ...webhookRepresentation(webhook),
    secret: webhooks.secrets.open(webhook.sealedSecret),
  });

  serve(app, webhookRoutes.list, async (request) => {
    const project = await manageableProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
    return (await listWebhooks(readStore, project._id)).map(webhookRepresentation);
  });

  serve(app, webhookRoutes.create, async (request, reply) => {
    const body: WebhookCreateBody = parseOrThrow(webhookRoutes.create.body, request.body ?? {});
    if (!(await findProject(readStore, body.project))) throw ValidationError.of('project', catalogueMessages.projectUnknown(body.project));
    await manageableProjectOrFail(readStore, requireUser(request), body.project);
    await requireSendableUrl(body.url);
    const { id } = await execute(context, request, 'webhooks.create', {
      projectId: body.project,
      name: body.name,
      url: body.url,
      events: body.events,
      isActive: body.is_active,
      sealedSecret: webhooks.secrets.seal(body.secret ?? newWebhookSecret()),
      uid: randomUUID(),
    });
    return reply.code(201).send(withSecret(await webhookOrFail(id)));
  });

  serve(app, webhookRoutes.retrieve, async (request) => webhookRepresentation(await managedWebhook(request)));

  serve(app, webhookRoutes.update, async (request) => {
    const webhook = await managedWebhook(request);
    const changes = changesOf(parseOrThrow(webhookRoutes.update.body, request.body ?? {}));
    if (changes.url !== undefined && changes.url !== webhook.url) await requireSendableUrl(changes.url);
    await execute(context, request, 'webhooks.change', { projectId: webhook.projectId, id: webhook._id, changes });
    return webhookRepresentation(await webhookOrFail(webhook._id));
  });

  serve(app, webhookRoutes.destroy, async (request, reply) => {
    const webhook = await managedWebhook(request);
    await execute(context, request, 'webhooks.delete', { projectId: webhook.projectId, id: webhook._id });
    return reply.code(204).send();
  });

  serve(app, webhookRoutes.rotateSecret, async (request) => {
    const webhook = await managedWebhook(request);
    const { secret } = parseOrThrow(webhookRoutes.rotateSecret.body, request.body ?? {});
    const sealedSecret = webhooks.secrets.seal(secret ?? newWebhookSecret());
    await execute(context, request, 'webhooks.rotateSecret', { projectId: webhook.projectId, id: webhook._id, sealedSecret });
    return withSecret(await webhookOrFail(webhook._id));
  });

  serve(app, webhookRoutes.ping, async (request, reply) => {
    const webhook = await managedWebhook(request);
    const { position } = await execute(context, request, 'webhooks.ping', { projectId: webhook.projectId, id: webhook._id });
    const delivery = await findDelivery(readStore, deliveryIdOf(webhook.uid, position, 'ping'));
    if (!delivery) throw new NotFoundError();
    return reply.code(201).send(deliveryRepresentation(delivery));
  });

  serve(app, webhookRoutes.deliveries, async (request) => {
    const webhook = await managedWebhook(request);
    const page = pageRequest(request.query as Record<string, string>);
    const { items, count } = await listDeliveries(readStore, webhook._id, page);
    return paginated(request, page, count, items.map(deliveryRepresentation));
  });

  serve(app, webhookRoutes.delivery, async (request) => deliveryDetailRepresentation((await managedDelivery(request)).delivery));

  serve(app, webhookRoutes.redeliver, async (request) => {
    const { webhook, delivery } = await managedDelivery(request);
    const ref = { deliveryId: delivery._id, webhookId: webhook._id, projectId: webhook.projectId };
    await execute(context, request, 'webhooks.requeueDelivery', ref);
    const requeued = await findDelivery(readStore, delivery._id);
    return deliveryRepresentation(requeued ?? delivery);
  });
}
