import { NotFoundError, PermissionDeniedError, groupCreateBody, groupPatchBody, groupResponse, parseOrThrow } from '@testament/contracts';
import { findGroup, listGroups, type UserDocument } from '@testament/projections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { noContent, routeContracts } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { groupRepresentation } from './representation.ts';

const detail = '/api/v2/groups/:id(^\\d+)/';
const contract = routeContracts('groups');

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
export default async function groupRoutes(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;
  const groupId = (request: FastifyRequest) => Number((request.params as { id: string }).id);

  async function represent(request: FastifyRequest, id: number) {
    const group = await findGroup(readStore, id);
    if (!group) throw new NotFoundError();
    return groupRepresentation(group, ownOrigin(request));
  }

  app.get('/api/v2/groups/', contract({ summary: 'The authentication groups, by id (not paginated)', response: { 200: z.array(groupResponse) } }), async (request) => {
    requireUser(request);
    return (await listGroups(readStore)).map((group) => groupRepresentation(group, ownOrigin(request)));
  });

  app.get(detail, contract({ summary: 'One group', response: { 200: groupResponse } }), async (request) => {
    requireUser(request);
    return represent(request, groupId(request));
  });

  app.post('/api/v2/groups/', contract({ summary: 'Create a group (superusers)', body: groupCreateBody, response: { 201: groupResponse } }), async (request, reply) => {
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
  const updateContract = contract({ summary: 'Change a group (superusers); a permission list sent is the complete new set', body: groupPatchBody, response: { 200: groupResponse } });
  app.patch(detail, updateContract, update);
  app.put(detail, updateContract, update);

  app.delete(detail, contract({ summary: 'Delete a group for good (superusers)', response: { 204: noContent } }), async (request, reply) => {
    requireSuperuser(request);
    await execute(context, request, 'groups.delete', { groupId: groupId(request) });
    return reply.code(204).send();
  });
}
