import { parameterRoutes, projectParameterRoutes } from '@testament/contracts';
import { parameterTrash, findParameter, listParameters } from '@testament/projections/parameters/queries';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { registerCatalogueRoutes } from '../../http/catalogue-routes.ts';
import { execute } from '../../http/execute.ts';
import { visibleProjectOrFail } from '../../http/project-scope.ts';
import { serve } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { parameterRepresentation } from '../../representations/parameters.ts';

/** `parameters/` (§3.10, D5) and the project's own list `projects/{id}/parameters/`. */
export default async function serveParameters(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;
  registerCatalogueRoutes(app, context, {
    routes: parameterRoutes,
    trash: parameterTrash,
    find: findParameter,
    list: (_filters, project) => listParameters(readStore, project._id),
    represent: (_readStore, parameters, origin) => parameters.map((parameter) => parameterRepresentation(parameter, origin)),
    create: (request, body) =>
      execute(context, request, 'parameters.create', { projectId: body.project, data: body.data, groupName: body.group_name }),
    changes: (body) => ({ data: body.data, groupName: body.group_name, projectId: body.project }),
    commands: { change: 'parameters.change', delete: 'parameters.delete', recover: 'parameters.recover', remove: 'parameters.remove' },
  });

  serve(app, projectParameterRoutes.ofProject, async (request) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), Number((request.params as { id: string }).id));
    return (await listParameters(readStore, project._id)).map((parameter) => parameterRepresentation(parameter, ownOrigin(request)));
  });
}
