import type { CommandInput } from '@testament/commands';
import { type IntegrationCreateBody, type IntegrationPatchBody, integrationRoutes } from '@testament/contracts';
import { findIntegration, integrationTrash, listIntegrations } from '@testament/projections/integrations/queries';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { registerCatalogueRoutes } from '../../http/catalogue-routes.ts';
import { execute } from '../../http/execute.ts';
import { integrationRepresentation } from '../../representations/integrations.ts';

type IntegrationFields = CommandInput<'integrations.create'>;

/** An integration's fields as the commands name them, from a create's body or a change's (whose fields may be absent). */
function integrationFields(body: IntegrationCreateBody): IntegrationFields;
function integrationFields(body: IntegrationPatchBody): Partial<IntegrationFields>;
function integrationFields(body: IntegrationPatchBody): Partial<IntegrationFields> {
  return {
    projectId: body.project,
    name: body.name,
    description: body.description,
    serviceUrl: body.service_url,
    isNewTab: body.is_new_tab,
    pageType: body.page_type,
  };
}

/** `integrations/` (§3.16): a project's links to outside services, offered on its pages; paginated (§2.4). */
export default async function serveIntegrations(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;
  registerCatalogueRoutes(app, context, {
    routes: integrationRoutes,
    trash: integrationTrash,
    find: findIntegration,
    listPage: ({ page_type, name }, project, page) => listIntegrations(readStore, project._id, { pageType: page_type, name }, page),
    represent: (_readStore, integrations) => integrations.map(integrationRepresentation),
    create: (request, body) => execute(context, request, 'integrations.create', integrationFields(body)),
    changes: integrationFields,
    commands: {
      change: 'integrations.change',
      delete: 'integrations.delete',
      recover: 'integrations.recover',
      remove: 'integrations.remove',
    },
  });
}
