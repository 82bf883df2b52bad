import { StatusType, statusRoutes } from '@testament/contracts';
import { statusTrash, findStatus, listProjectStatuses } from '@testament/projections/statuses/queries';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { registerCatalogueRoutes } from '../../http/catalogue-routes.ts';
import { execute } from '../../http/execute.ts';
import { statusRepresentation } from '../../representations/statuses.ts';

/** `statuses/` (§3.8, §4.3, D4, D15). */
export default async function serveStatuses(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;
  registerCatalogueRoutes(app, context, {
    routes: statusRoutes,
    trash: statusTrash,
    find: findStatus,
    list: ({ type }, project) =>
      listProjectStatuses(readStore, project._id, project.settings.statusOrder, type === undefined ? undefined : Number(type)),
    represent: (_readStore, statuses, origin) => statuses.map((status) => statusRepresentation(status, origin)),
    create: (request, body) =>
      execute(context, request, 'statuses.create', {
        projectId: body.project ?? null,
        type: body.type ?? StatusType.custom,
        name: body.name,
        color: body.color,
      }),
    changes: (body) => ({ name: body.name, color: body.color, type: body.type, projectId: body.project }),
    commands: { change: 'statuses.change', delete: 'statuses.delete', recover: 'statuses.recover', remove: 'statuses.remove' },
  });
}
