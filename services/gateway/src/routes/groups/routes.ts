import { NotFoundError, PermissionDeniedError, groupCreateBody, groupPatchBody, groupRoutes, parseOrThrow } from '@testament/contracts';
import { findGroup, listGroups } from '@testament/projections/groups/queries';
import type { UserDocument } from '@testament/projections/users/user-document';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { serve } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { groupRepresentation } from '../../representations/groups.ts';

/** Managing groups is for superusers, as managing roles is (§4.14); the command side checks it again. */
function requireSuperuser(request: FastifyRequest): UserDocument {
  const user = requireUser(request);
  if (!user.isSuperuser) throw new PermissionDeniedError();
  return user;
}

/**
 * `groups/` (§3.15): TestY's legacy CRUD over authentication groups, a bare list.
 * Anyone signed in may read them (like roles and the permission catalogue); a
 * group's permissions grant nothing in projects, where roles decide (§4.14).
 */
export default async function serveGroups(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;
  const groupId = (request: FastifyRequest) => Number((request.params as { id: string }).id);

  async function represent(request: FastifyRequest, id: number) {
    const group = await findGroup(readStore, id);
    if (!group) throw new NotFoundError();
    return groupRepresentation(group, ownOrigin(request));
  }

  serve(app, groupRoutes.list, async (request) => {
    requireUser(request);
    return (await listGroups(readStore)).map((group) => groupRepresentation(group, ownOrigin(request)));
  });

  serve(app, groupRoutes.retrieve, async (request) => {
    requireUser(request);
    return represent(request, groupId(request));
  });

  serve(app, groupRoutes.create, async (request, reply) => {
    requireSuperuser(request);
    const body = parseOrThrow(groupCreateBody, request.body ?? {});
    const created = await execute(context, request, 'groups.create', { name: body.name, permissions: body.permissions });
    return reply.code(201).send(await represent(request, created.groupId));
  });

  const update = async (request: FastifyRequest) => {
    requireSuperuser(request);
    const body = parseOrThrow(groupPatchBody, request.body ?? {});
    await execute(context, request, 'groups.change', { groupId: groupId(request), name: body.name, permissions: body.permissions });
    return represent(request, groupId(request));
  };
  serve(app, groupRoutes.update, update);
  serve(app, groupRoutes.replace, update);

  serve(app, groupRoutes.destroy, async (request, reply) => {
    requireSuperuser(request);
    await execute(context, request, 'groups.delete', { groupId: groupId(request) });
    return reply.code(204).send();
  });
}
