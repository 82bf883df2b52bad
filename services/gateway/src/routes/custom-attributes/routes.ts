import {
  CUSTOM_ATTRIBUTE_MODELS,
  contentTypeOf,
  customAttributeCreateBody,
  customAttributeListQuery,
  customAttributePatchBody,
  parseOrThrow,
  testResultAttributesQuery,
} from '@testament/contracts';
import { CUSTOM_ATTRIBUTES, findCustomAttribute, listCustomAttributes } from '@testament/projections';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { registerCatalogueRoutes } from '../../http/catalogue-routes.ts';
import { execute } from '../../http/execute.ts';
import { requiredProjectQuery, visibleProjectOrFail } from '../../http/project-scope.ts';
import { requireUser } from '../../plugins/authentication.ts';
import { appliedToInput, customAttributeRepresentation, testResultAttributes } from './representation.ts';

/** `custom-attributes/` (§3.11, §4.17) with its two helpers. */
export default async function customAttributeRoutes(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;

  app.get('/api/v2/custom-attributes/content-types/', async (request) => {
    requireUser(request);
    return CUSTOM_ATTRIBUTE_MODELS.map(contentTypeOf);
  });

  app.get('/api/v2/custom-attributes/testresult/', async (request) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
    const query = parseOrThrow(testResultAttributesQuery, request.query);
    const attributes = await listCustomAttributes(readStore, project._id);
    const statusId = query.status_id === undefined ? undefined : Number(query.status_id);
    return testResultAttributes(attributes, statusId, query.suite?.split(',').map(Number));
  });

  registerCatalogueRoutes(app, context, {
    path: 'custom-attributes',
    collection: CUSTOM_ATTRIBUTES,
    createBody: customAttributeCreateBody,
    patchBody: customAttributePatchBody,
    find: findCustomAttribute,
    list(request, project) {
      const { suite } = parseOrThrow(customAttributeListQuery, request.query);
      return listCustomAttributes(readStore, project._id, suite === undefined ? undefined : Number(suite));
    },
    represent: (_readStore, attributes, origin) => attributes.map((attribute) => customAttributeRepresentation(attribute, origin)),
    create: (request, body) =>
      execute(context, request, 'custom-attributes.create', {
        projectId: body.project,
        name: body.name,
        type: body.type,
        appliedTo: appliedToInput(body.applied_to),
      }),
    changes: (body) => ({
      name: body.name,
      type: body.type,
      appliedTo: body.applied_to && appliedToInput(body.applied_to),
      projectId: body.project,
    }),
    commands: {
      change: 'custom-attributes.change',
      delete: 'custom-attributes.delete', recover: 'custom-attributes.recover', remove: 'custom-attributes.remove' },
  });
}
