import {
  NotFoundError,
  managedSystemMessageResponse,
  parseOrThrow,
  systemMessageCreateBody,
  systemMessageListQuery,
  systemMessageListResponse,
  systemMessagePatchBody,
  systemMessages,
  type ManagedSystemMessage,
  type SystemMessage,
} from '@testament/contracts';
import { findSystemMessage, listSystemMessages, type SystemMessageDocument } from '@testament/projections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { noContent, routeContracts } from '../../http/route-schema.ts';
import { requireSuperuser } from '../../plugins/authentication.ts';

const detail = '/api/v2/system/messages/:id(^\\d+)/';
const contract = routeContracts('system-messages');

/** The banner of §3.17. */
function messageRepresentation(message: SystemMessageDocument): SystemMessage {
  return {
    id: message._id,
    created_at: message.createdAt,
    updated_at: message.updatedAt,
    content: message.content,
    level: message.level,
    is_closing: message.isClosing,
  };
}

/** Superusers managing banners also see `is_active`. */
function managedRepresentation(message: SystemMessageDocument): ManagedSystemMessage {
  return { ...messageRepresentation(message), is_active: message.isActive };
}

const requireAdministrator = (request: FastifyRequest) => requireSuperuser(request, systemMessages.onlySuperuser);

/** System banners (public to read, superusers manage them) and the dashboard totals. */
export default async function systemRoutes(app: FastifyInstance, context: GatewayContext) {
  const { system } = context;

  async function managedMessage(request: FastifyRequest): Promise<SystemMessageDocument> {
    requireAdministrator(request);
    const message = await findSystemMessage(system.readStore, Number((request.params as { id: string }).id));
    if (!message) throw new NotFoundError();
    return message;
  }
  const represent = async (messageId: number) => managedRepresentation((await findSystemMessage(system.readStore, messageId))!);

  /** No authentication: the login page shows the banners too. */
  app.get(
    '/api/v2/system/messages/',
    contract(
      { summary: 'The active banners, needing no sign-in; superusers may include the inactive ones', querystring: systemMessageListQuery, response: { 200: systemMessageListResponse } },
      { public: true },
    ),
    async (request) => {
      const { include_inactive } = parseOrThrow(systemMessageListQuery, request.query);
      if (include_inactive) requireAdministrator(request);
      const messages = await listSystemMessages(system.readStore, { includeInactive: include_inactive === true });
      return messages.map(include_inactive ? managedRepresentation : messageRepresentation);
    },
  );

  app.post(
    '/api/v2/system/messages/',
    contract({ summary: 'Create a banner (superusers)', body: systemMessageCreateBody, response: { 201: managedSystemMessageResponse } }),
    async (request, reply) => {
      requireAdministrator(request);
      const body = parseOrThrow(systemMessageCreateBody, request.body ?? {});
      const { messageId } = await execute(context, request, 'system-messages.create', {
        content: body.content,
        level: body.level,
        isClosing: body.is_closing,
        isActive: body.is_active,
      });
      return reply.code(201).send(await represent(messageId));
    },
  );

  app.get(detail, contract({ summary: 'One banner (superusers)', response: { 200: managedSystemMessageResponse } }), async (request) =>
    managedRepresentation(await managedMessage(request)),
  );

  app.patch(detail, contract({ summary: 'Change a banner (superusers)', body: systemMessagePatchBody, response: { 200: managedSystemMessageResponse } }), async (request) => {
    const message = await managedMessage(request);
    const body = parseOrThrow(systemMessagePatchBody, request.body ?? {});
    await execute(context, request, 'system-messages.change', {
      messageId: message._id,
      content: body.content,
      level: body.level,
      isClosing: body.is_closing,
      isActive: body.is_active,
    });
    return represent(message._id);
  });

  app.delete(detail, contract({ summary: 'Delete a banner (superusers)', response: { 204: noContent } }), async (request, reply) => {
    const message = await managedMessage(request);
    await execute(context, request, 'system-messages.delete', { messageId: message._id });
    return reply.code(204).send();
  });
}
