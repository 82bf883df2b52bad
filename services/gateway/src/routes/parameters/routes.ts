import { parameterCreateBody, parameterPatchBody, parameterResponse } from '@testament/contracts';
import { parameterTrash, findParameter, listParameters } from '@testament/projections';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import { registerCatalogueRoutes } from '../../http/catalogue-routes.ts';
import { execute } from '../../http/execute.ts';
import { visibleProjectOrFail } from '../../http/project-scope.ts';
import { routeContracts } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { parameterRepresentation } from './representation.ts';

/** `parameters/` (§3.10, D5) and the project's own list `projects/{id}/parameters/`. */
export default async function parameterRoutes(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;
  registerCatalogueRoutes(app, context, {
    path: 'parameters',
    itemName: 'parameter',
    trash: parameterTrash,
    createBody: parameterCreateBody,
    patchBody: parameterPatchBody,
    response: parameterResponse,
    find: findParameter,
    listQuery: z.object({}),
    list: (_filters, project) => listParameters(readStore, project._id),
    represent: (_readStore, parameters, origin) => parameters.map((parameter) => parameterRepresentation(parameter, origin)),
    create: (request, body) =>
      execute(context, request, 'parameters.create', { projectId: body.project, data: body.data, groupName: body.group_name }),
    changes: (body) => ({ data: body.data, groupName: body.group_name, projectId: body.project }),
    commands: { change: 'parameters.change', delete: 'parameters.delete', recover: 'parameters.recover', remove: 'parameters.remove' },
  });

  const contract = routeContracts('parameters');
  app.get('/api/v2/projects/:id(^\\d+)/parameters/', contract({ summary: "A project's parameters", response: { 200: z.array(parameterResponse) } }), async (request) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), Number((request.params as { id: string }).id));
    return (await listParameters(readStore, project._id)).map((parameter) => parameterRepresentation(parameter, ownOrigin(request)));
  });
}
