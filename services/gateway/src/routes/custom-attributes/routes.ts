import {
  CUSTOM_ATTRIBUTE_MODELS,
  contentTypeOf,
  parseOrThrow,
  testResultAttributesQuery,
  type TestResultAttributesQuery,
  customAttributeLookupRoutes,
  customAttributeRoutes,
} from '@testament/contracts';
import { customAttributeTrash, findCustomAttribute, listCustomAttributes } from '@testament/projections/custom-attributes/queries';
import { suitesByIds } from '@testament/projections/suites/queries';
import type { ProjectDocument } from '@testament/projections/projects/project-document';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { registerCatalogueRoutes } from '../../http/catalogue-routes.ts';
import { execute } from '../../http/execute.ts';
import { requiredProjectQuery, visibleProjectOrFail } from '../../http/project-scope.ts';
import { serve } from '../../http/route-schema.ts';
import { requireUser } from '../../plugins/authentication.ts';
import { selectedTests } from '../../http/test-selection.ts';
import { planContext } from '../../representations/tests.ts';
import { appliedToInput, customAttributeRepresentation, testResultAttributes } from '../../representations/custom-attributes.ts';

/** The query's own keys; any other is one of the tests list's filters. */
const ATTRIBUTE_QUERY_KEYS = new Set([
  'project',
  'status_id',
  'suite',
  'current_plan',
  'included_tests',
  'excluded_tests',
  'included_plans',
]);

/** `custom-attributes/` (§3.11, §4.17) with its two helpers. */
export default async function serveCustomAttributes(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;

  serve(app, customAttributeLookupRoutes.contentTypes, async (request) => {
    requireUser(request);
    return CUSTOM_ATTRIBUTE_MODELS.map(contentTypeOf);
  });

  serve(app, customAttributeLookupRoutes.resultAttributes, async (request) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
    const query = parseOrThrow(testResultAttributesQuery, request.query);
    const attributes = await listCustomAttributes(readStore, project._id);
    const statusId = query.status_id === undefined ? undefined : Number(query.status_id);
    const answer = testResultAttributes(
      attributes,
      statusId,
      query.suite?.split(',').map(Number) ?? (await selectionSuites(project, query, request.query as Record<string, string>)),
    );
    const suites = await suitesByIds(
      readStore,
      answer.suite_specific.map((suite) => suite.suite_id),
    );
    const names = new Map(suites.filter((suite) => suite.projectId === project._id).map((suite) => [suite._id, suite.name]));
    return {
      ...answer,
      suite_specific: answer.suite_specific.map((suite) => ({ ...suite, suite_name: names.get(suite.suite_id) ?? '' })),
    };
  });

  /** The suites of the tests a bulk selection covers; undefined (every suite) when the query selects nothing. */
  async function selectionSuites(
    project: ProjectDocument,
    query: TestResultAttributesQuery,
    raw: Record<string, string>,
  ): Promise<number[] | undefined> {
    const filter_conditions = Object.fromEntries(
      Object.entries(raw).filter(([key, value]) => !ATTRIBUTE_QUERY_KEYS.has(key) && value !== ''),
    );
    const { current_plan, included_tests, excluded_tests, included_plans } = query;
    if (current_plan === undefined && !included_tests && !excluded_tests && !included_plans && Object.keys(filter_conditions).length === 0)
      return undefined;
    const selection = included_plans
      ? { view: 'tree' as const, included_plans, included_tests, filter_conditions }
      : { view: 'list' as const, current_plan, included_tests, excluded_tests, filter_conditions };
    const selected = await selectedTests(readStore, await planContext(readStore, project), selection);
    return [...new Set(selected.map((test) => test.suiteId))];
  }

  registerCatalogueRoutes(app, context, {
    routes: customAttributeRoutes,
    trash: customAttributeTrash,
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
      delete: 'custom-attributes.delete',
      recover: 'custom-attributes.recover',
      remove: 'custom-attributes.remove',
    },
  });
}
