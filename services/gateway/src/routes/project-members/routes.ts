import { accessMessages, accessRequestBody, memberListQuery, parseOrThrow, projectMemberRoutes } from '@testament/contracts';
import { listUsers } from '@testament/projections/users/queries';
import { loadRoleCatalog } from '@testament/projections/roles/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { visibleProjectOrFail } from '../../http/project-scope.ts';
import { sendJsonString } from '../../http/replies.ts';
import { serve } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { memberRepresentation } from '../../representations/project-members.ts';

/** A project's members (its access-management tab) and requests for access to it (§3.1). */
export default async function serveProjectMembers(app: FastifyInstance, context: GatewayContext) {
  const { system } = context;
  const projectId = (request: FastifyRequest) => Number((request.params as { id: string }).id);

  serve(app, projectMemberRoutes.list, async (request) => {
    const user = requireUser(request);
    const { _id } = await visibleProjectOrFail(system.readStore, user, projectId(request));
    const query = parseOrThrow(memberListQuery, request.query);
    const page = pageRequest(request.query as Record<string, string>);
    const [{ items, count }, catalog] = await Promise.all([
      listUsers(
        system.readStore,
        user,
        {
          username: query.username,
          email: query.email,
          firstName: query.first_name,
          lastName: query.last_name,
          projectIds: [_id],
          isActive: query.is_active,
          isSuperuser: query.is_superuser,
        },
        page,
      ),
      loadRoleCatalog(system.readStore),
    ]);
    return paginated(
      request,
      page,
      count,
      items.map((member) => memberRepresentation(member, _id, catalog, ownOrigin(request))),
    );
  });

  /** 400 when the caller can already see the project or already has a pending request; managers are notified. */
  serve(app, projectMemberRoutes.requestAccess, async (request, reply) => {
    requireUser(request);
    const { reason } = parseOrThrow(accessRequestBody, request.body ?? {});
    await execute(context, request, 'access-requests.request', { projectId: projectId(request), reason });
    return sendJsonString(reply, accessMessages.requestSent);
  });
}
