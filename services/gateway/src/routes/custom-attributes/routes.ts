import {
  CUSTOM_ATTRIBUTE_MODELS,
  contentTypeOf,
  contentTypeResponse,
  customAttributeCreateBody,
  customAttributeListQuery,
  customAttributePatchBody,
  customAttributeResponse,
  parseOrThrow,
  projectScopeQuery,
  testResultAttributesQuery,
  testResultAttributesResponse,
} from '@testament/contracts';
import { customAttributeTrash, findCustomAttribute, listCustomAttributes } from '@testament/projections';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import { registerCatalogueRoutes } from '../../http/catalogue-routes.ts';
import { execute } from '../../http/execute.ts';
import { requiredProjectQuery, visibleProjectOrFail } from '../../http/project-scope.ts';
import { routeContracts } from '../../http/route-schema.ts';
import { requireUser } from '../../plugins/authentication.ts';
import { appliedToInput, customAttributeRepresentation, testResultAttributes } from './representation.ts';

/** `custom-attributes/` (§3.11, §4.17) with its two helpers. */
export default async function customAttributeRoutes(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;
  const contract = routeContracts('custom-attributes');

  app.get(
    '/api/v2/custom-attributes/content-types/',
    contract({ summary: 'The models custom attributes can apply to', response: { 200: z.array(contentTypeResponse) } }),
    async (request) => {
      requireUser(request);
      return CUSTOM_ATTRIBUTE_MODELS.map(contentTypeOf);
    },
  );

  app.get(
    '/api/v2/custom-attributes/testresult/',
    contract({
      summary: 'The result attributes a project asks for, given a status (`?status_id=`) and suites (`?suite=1,2`)',
      querystring: projectScopeQuery.extend(testResultAttributesQuery.shape),
      response: { 200: testResultAttributesResponse },
    }),
    async (request) => {
      const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
      const query = parseOrThrow(testResultAttributesQuery, request.query);
      const attributes = await listCustomAttributes(readStore, project._id);
      const statusId = query.status_id === undefined ? undefined : Number(query.status_id);
      return testResultAttributes(attributes, statusId, query.suite?.split(',').map(Number));
    },
  );

  registerCatalogueRoutes(app, context, {
    path: 'custom-attributes',
    itemName: 'custom attribute',
    trash: customAttributeTrash,
    createBody: customAttributeCreateBody,
    patchBody: customAttributePatchBody,
    response: customAttributeResponse,
    listQuery: customAttributeListQuery,
    find: findCustomAttribute,
    list: ({ suite }, project) => listCustomAttributes(readStore, project._id, suite === undefined ? undefined : Number(suite)),
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
