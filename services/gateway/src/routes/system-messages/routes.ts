import {
  NotFoundError,
  parseOrThrow,
  systemMessageCreateBody,
  systemMessageListQuery,
  systemMessagePatchBody,
  systemMessageRoutes,
  systemMessages,
  type ManagedSystemMessage,
  type SystemMessage,
} from '@testament/contracts';
import { findSystemMessage, listSystemMessages } from '@testament/projections/system-messages/queries';
import type { SystemMessageDocument } from '@testament/projections/system-messages/system-messages-projection';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { serve } from '../../http/route-schema.ts';
import { requireSuperuser } from '../../plugins/authentication.ts';

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
export default async function serveSystemMessages(app: FastifyInstance, context: GatewayContext) {
  const { system } = context;

  async function managedMessage(request: FastifyRequest): Promise<SystemMessageDocument> {
    requireAdministrator(request);
    const message = await findSystemMessage(system.readStore, Number((request.params as { id: string }).id));
    if (!message) throw new NotFoundError();
    return message;
  }
  const represent = async (messageId: number) => managedRepresentation((await findSystemMessage(system.readStore, messageId))!);

  /** No authentication: the login page shows the banners too. */
  serve(app, systemMessageRoutes.list, async (request) => {
    const { include_inactive } = parseOrThrow(systemMessageListQuery, request.query);
    if (include_inactive) requireAdministrator(request);
    const messages = await listSystemMessages(system.readStore, { includeInactive: include_inactive === true });
    return messages.map(include_inactive ? managedRepresentation : messageRepresentation);
  });

  serve(app, systemMessageRoutes.create, async (request, reply) => {
    requireAdministrator(request);
    const body = parseOrThrow(systemMessageCreateBody, request.body ?? {});
    const { messageId } = await execute(context, request, 'system-messages.create', {
      content: body.content,
      level: body.level,
      isClosing: body.is_closing,
      isActive: body.is_active,
    });
    return reply.code(201).send(await represent(messageId));
  });

  serve(app, systemMessageRoutes.retrieve, async (request) => managedRepresentation(await managedMessage(request)));

  serve(app, systemMessageRoutes.update, async (request) => {
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

  serve(app, systemMessageRoutes.destroy, async (request, reply) => {
    const message = await managedMessage(request);
    await execute(context, request, 'system-messages.delete', { messageId: message._id });
    return reply.code(204).send();
  });
}
