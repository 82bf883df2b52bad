import {
  NotFoundError,
  PERMISSIONS,
  PermissionDeniedError,
  paginationQuery,
  parseOrThrow,
  permissionResponse,
  roleAssignBody,
  roleAssignmentResponse,
  roleCreateBody,
  roleListResponse,
  rolePatchBody,
  roleResponse,
  roleUnassignBody,
  type RoleAssignment,
} from '@testament/contracts';
import { findRole, listRoles, type UserDocument } from '@testament/projections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { noContent, routeContracts } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { permissionRepresentation, roleRepresentation } from './representation.ts';

const detail = '/api/v2/roles/:id(^\\d+)/';
const contract = routeContracts('roles');

/** Role CRUD is for superusers (§4.14); the command side checks it again. */
function requireSuperuser(request: FastifyRequest): UserDocument {
  const user = requireUser(request);
  if (!user.isSuperuser) throw new PermissionDeniedError();
  return user;
}

/** Roles, the permission catalogue, and assigning roles to users per project (§3.15). */
export default async function roleRoutes(app: FastifyInstance, context: GatewayContext) {
  const { system } = context;
  const roleId = (request: FastifyRequest) => Number((request.params as { id: string }).id);

  async function represent(request: FastifyRequest, id: number) {
    const role = await findRole(system.readStore, requireUser(request), id);
    if (!role) throw new NotFoundError();
    return roleRepresentation(role, ownOrigin(request));
  }

  app.get('/api/v2/roles/', contract({ summary: 'The roles, by name', querystring: paginationQuery, response: { 200: roleListResponse } }), async (request) => {
    const user = requireUser(request);
    const page = pageRequest(request.query as Record<string, string>);
    const { items, count } = await listRoles(system.readStore, user, page);
    return paginated(request, page, count, items.map((role) => roleRepresentation(role, ownOrigin(request))));
  });

  app.get(detail, contract({ summary: 'One role', response: { 200: roleResponse } }), async (request) => represent(request, roleId(request)));

  app.post('/api/v2/roles/', contract({ summary: 'Create a role (superusers)', body: roleCreateBody, response: { 201: roleResponse } }), async (request, reply) => {
    requireSuperuser(request);
    const body = parseOrThrow(roleCreateBody, request.body ?? {});
    const created = await execute(context, request, 'roles.create', { name: body.name, roleType: body.type, permissions: body.permissions });
    return reply.code(201).send(await represent(request, created.roleId));
  });

  const update = async (request: FastifyRequest) => {
    requireSuperuser(request);
    const body = parseOrThrow(rolePatchBody, request.body ?? {});
    await execute(context, request, 'roles.change', { roleId: roleId(request), name: body.name, roleType: body.type, permissions: body.permissions });
    return represent(request, roleId(request));
  };
  const updateContract = contract({ summary: 'Change a role (superusers); a permission list sent is the complete new set', body: rolePatchBody, response: { 200: roleResponse } });
  app.patch(detail, updateContract, update);
  app.put(detail, updateContract, update);

  app.delete(detail, contract({ summary: 'Delete a role (superusers)', response: { 204: noContent } }), async (request, reply) => {
    requireSuperuser(request);
    await execute(context, request, 'roles.delete', { roleId: roleId(request) });
    return reply.code(204).send();
  });

  app.get('/api/v2/roles/permissions/', contract({ summary: 'The permission catalogue', response: { 200: z.array(permissionResponse) } }), async (request) => {
    requireUser(request);
    return PERMISSIONS.map(permissionRepresentation);
  });

  /** POST assigns and PUT updates; both make the user's roles in the project exactly `roles`. */
  const assign = async (request: FastifyRequest) => {
    requireUser(request);
    const { project, user, roles } = parseOrThrow(roleAssignBody, request.body ?? {});
    await execute(context, request, 'projects.assignRoles', { projectId: project, userId: user, roleIds: roles });
    return [...new Set(roles)].map((role): RoleAssignment => ({ project, user, role }));
  };
  const assignContract = contract({
    summary: "Make the user's roles in the project exactly these (POST grants access, PUT changes it)",
    body: roleAssignBody,
    response: { 200: z.array(roleAssignmentResponse) },
  });
  app.post('/api/v2/roles/assign/', assignContract, assign);
  app.put('/api/v2/roles/assign/', assignContract, assign);

  app.post('/api/v2/roles/unassign/', contract({ summary: 'Remove every role of the user in the project', body: roleUnassignBody, response: { 204: noContent } }), async (request, reply) => {
    requireUser(request);
    const { project, user } = parseOrThrow(roleUnassignBody, request.body ?? {});
    await execute(context, request, 'projects.unassignRoles', { projectId: project, userId: user });
    return reply.code(204).send();
  });
}
