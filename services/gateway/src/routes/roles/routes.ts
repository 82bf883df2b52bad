import {
  NotFoundError,
  PERMISSIONS,
  PermissionDeniedError,
  parseOrThrow,
  roleAssignBody,
  roleCreateBody,
  rolePatchBody,
  roleRoutes,
  roleUnassignBody,
  type RoleAssignment,
} from '@testament/contracts';
import { findRole, listRoles } from '@testament/projections/roles/queries';
import type { UserDocument } from '@testament/projections/users/user-document';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { serve } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { permissionRepresentation, roleRepresentation } from '../../representations/roles.ts';

/** Role CRUD is for superusers (§4.14); the command side checks it again. */
function requireSuperuser(request: FastifyRequest): UserDocument {
  const user = requireUser(request);
  if (!user.isSuperuser) throw new PermissionDeniedError();
  return user;
}

/** Roles, the permission catalogue, and assigning roles to users per project (§3.15). */
export default async function serveRoles(app: FastifyInstance, context: GatewayContext) {
  const { system } = context;
  const roleId = (request: FastifyRequest) => Number((request.params as { id: string }).id);

  async function represent(request: FastifyRequest, id: number) {
    const role = await findRole(system.readStore, requireUser(request), id);
    if (!role) throw new NotFoundError();
    return roleRepresentation(role, ownOrigin(request));
  }

  serve(app, roleRoutes.list, async (request) => {
    const user = requireUser(request);
    const page = pageRequest(request.query as Record<string, string>);
    const { items, count } = await listRoles(system.readStore, user, page);
    return paginated(
      request,
      page,
      count,
      items.map((role) => roleRepresentation(role, ownOrigin(request))),
    );
  });

  serve(app, roleRoutes.retrieve, async (request) => represent(request, roleId(request)));

  serve(app, roleRoutes.create, async (request, reply) => {
    requireSuperuser(request);
    const body = parseOrThrow(roleCreateBody, request.body ?? {});
    const created = await execute(context, request, 'roles.create', {
      name: body.name,
      roleType: body.type,
      permissions: body.permissions,
    });
    return reply.code(201).send(await represent(request, created.roleId));
  });

  const update = async (request: FastifyRequest) => {
    requireSuperuser(request);
    const body = parseOrThrow(rolePatchBody, request.body ?? {});
    await execute(context, request, 'roles.change', {
      roleId: roleId(request),
      name: body.name,
      roleType: body.type,
      permissions: body.permissions,
    });
    return represent(request, roleId(request));
  };
  serve(app, roleRoutes.update, update);
  serve(app, roleRoutes.replace, update);

  serve(app, roleRoutes.destroy, async (request, reply) => {
    requireSuperuser(request);
    await execute(context, request, 'roles.delete', { roleId: roleId(request) });
    return reply.code(204).send();
  });

  serve(app, roleRoutes.permissions, async (request) => {
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
  serve(app, roleRoutes.assign, assign);
  serve(app, roleRoutes.reassign, assign);

  serve(app, roleRoutes.unassign, async (request, reply) => {
    requireUser(request);
    const { project, user } = parseOrThrow(roleUnassignBody, request.body ?? {});
    await execute(context, request, 'projects.unassignRoles', { projectId: project, userId: user });
    return reply.code(204).send();
  });
}
