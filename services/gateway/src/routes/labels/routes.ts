import { labelRoutes } from '@testament/contracts';
import { labelTrash, findLabel, labelCreatorNames, listLabels } from '@testament/projections/labels/queries';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { registerCatalogueRoutes } from '../../http/catalogue-routes.ts';
import { execute } from '../../http/execute.ts';
import { labelRepresentation } from '../../representations/labels.ts';

/** `labels/` (§3.9). */
export default async function serveLabels(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;
  registerCatalogueRoutes(app, context, {
    routes: labelRoutes,
    trash: labelTrash,
    find: findLabel,
    list: ({ ordering }, project) => listLabels(readStore, project._id, ordering),
    async represent(store, labels, origin) {
      const names = await labelCreatorNames(store, labels);
      return labels.map((label) => labelRepresentation(label, names.get(label.userId ?? 0) ?? null, origin));
    },
    create: (request, body) =>
      execute(context, request, 'labels.create', {
        projectId: body.project,
        name: body.name,
        color: body.color ?? null,
        type: body.type ?? 0,
      }),
    changes: (body) => ({ name: body.name, color: body.color, type: body.type, projectId: body.project }),
    commands: { change: 'labels.change', delete: 'labels.delete', recover: 'labels.recover', remove: 'labels.remove' },
  });
}
