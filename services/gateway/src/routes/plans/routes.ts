import {
  asOfQuery,
  NotFoundError,
  ValidationError,
  ancestorsResponse,
  breadcrumbsResponse,
  catalogueMessages,
  paginatedResponse,
  parseOrThrow,
  planCasesQuery,
  planCasesResponse,
  planCreateBody,
  planCreatedResponse,
  planListQuery,
  planPatchBody,
  projectPlansQuery,
  planResponse,
  planTreeResponse,
  previewResponse,
  projectScopeQuery,
  suiteDescendantsQuery,
  trashBody,
  trashListQuery,
} from '@testament/contracts';
import { attachmentsByIds, countResults, findPlan, findPlanTree, findProject, listDeletedPlans, listPlans, plansByIds, testsOfPlans, type PlanDocument } from '@testament/projections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import { projectForNewItem } from '../../http/catalogue-routes.ts';
import { shownByProject } from '../../http/by-project.ts';
import { execute } from '../../http/execute.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { namedInstances, requiredProjectQuery, trashProjects, visibleInProject, visibleProjectOrFail } from '../../http/project-scope.ts';
import { noContent, routeContracts } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { planContext, type PlanContext } from '../tests/representation.ts';
import { PLAN_DETAIL, PLANS_BASE, parentFilter, planFiltersOf } from './filters.ts';
import { registerPlanCatalogues } from './plan-catalogues.ts';
import { registerPlanCopy } from './copy.ts';
import { registerPlanTests } from './plan-tests.ts';
import { planBreadcrumbs, planDescendantsTree, planMinRepresentation, planRepresentation } from './representation.ts';
import { readStoreAsOf } from '../../http/as-of.ts';
import { registerPlanActivity } from './activity.ts';
import { registerPlanHistogram } from './histogram.ts';
import { registerPlanStatistics } from './statistics.ts';

/** `testplans/` (§3.4, §2.7, §2.8): lists, one plan, its place in the tree, changes with the tests following, archive and the trash. */
export default async function planRoutes(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;
  const contract = routeContracts('plans');
  const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);
  const visiblePlan = async (request: FastifyRequest): Promise<PlanDocument> => visibleInProject(readStore, requireUser(request), await findPlan(readStore, idOf(request)));
  const contextOf = async (projectId: number) => {
    const project = await findProject(readStore, projectId);
    if (!project) throw new NotFoundError();
    return planContext(readStore, project);
  };

  /** Plans as the wire shows them, in the order given, each with its own project's context (`planning`, when the caller has it for all of them). */
  const represented = (request: FastifyRequest, plans: PlanDocument[], planning?: PlanContext) =>
    shownByProject(plans, async (ofProject) => {
      const shownContext = planning ?? (await contextOf(ofProject[0]!.projectId));
      const files = new Map((await attachmentsByIds(readStore, ofProject.flatMap((plan) => plan.attachmentIds))).map((file) => [file._id, file]));
      return ofProject.map((plan) => planRepresentation(plan, shownContext, files, ownOrigin(request)));
    });
  const one = async (request: FastifyRequest, planId: number) => {
    const [shown] = await represented(request, await plansByIds(readStore, [planId]));
    if (!shown) throw new NotFoundError();
    return shown;
  };

  app.get(
    PLANS_BASE,
    contract({
      summary: 'A project’s plans (`?project=`): one level with `parent`, searched by title, filtered by dates, parameters and attributes, ordered, paginated',
      querystring: projectScopeQuery.extend(planListQuery.shape),
      response: { 200: paginatedResponse(planResponse) },
    }),
    async (request) => {
      const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
      const query = parseOrThrow(planListQuery, request.query);
      const page = pageRequest(query);
      const planning = await planContext(readStore, project);
      const { items, count } = await listPlans(readStore, project._id, planFiltersOf(query, planning), page);
      return paginated(request, page, count, await represented(request, items, planning));
    },
  );

  app.get(
    '/api/v2/projects/:id(^\\d+)/testplans/',
    contract({ summary: 'A project’s root plans, not paginated (archived ones with `is_archive=true`)', querystring: projectPlansQuery, response: { 200: z.array(planResponse) } }),
    async (request) => {
      const project = await visibleProjectOrFail(readStore, requireUser(request), idOf(request));
      const { is_archive: includeArchived } = parseOrThrow(projectPlansQuery, request.query);
      const planning = await planContext(readStore, project);
      const { items } = await listPlans(readStore, project._id, { parent: null, includeArchived }, { skip: 0, limit: Number.MAX_SAFE_INTEGER });
      return represented(request, items, planning);
    },
  );

  app.post(PLANS_BASE, contract({ summary: 'Create a plan, one per combination of its parameters, each with a test per case', body: planCreateBody, response: { 201: planCreatedResponse } }), async (request, reply) => {
    const body = parseOrThrow(planCreateBody, request.body ?? {});
    await projectForNewItem(readStore, requireUser(request), body.project);
    const { ids: created } = await execute(context, request, 'plans.create', {
      projectId: body.project,
      parentId: body.parent ?? null,
      fields: {
        name: body.name,
        description: body.description ?? '',
        startedAt: body.started_at,
        dueDate: body.due_date,
        finishedAt: body.finished_at ?? null,
        attributes: body.attributes ?? {},
        attachmentIds: body.attachments ?? [],
      },
      isArchive: body.is_archive ?? false,
      parameterIds: body.parameters ?? [],
      caseIds: body.test_cases ?? [],
    });
    const planning = await contextOf(body.project);
    const plans = await plansByIds(readStore, created);
    return reply.code(201).send(plans.map((plan) => planMinRepresentation(plan, planning, ownOrigin(request))));
  });

  app.get(PLAN_DETAIL, contract({ summary: 'One plan; with `as_of`, as it was then', querystring: asOfQuery, response: { 200: planResponse } }), async (request, reply) => {
    const plan = await visiblePlan(request);
    const past = await readStoreAsOf(context, request, reply, plan.projectId, { kind: 'plans', planIds: [plan._id] });
    if (past === readStore) return one(request, plan._id);
    const [then, project] = await Promise.all([findPlan(past, plan._id), findProject(readStore, plan.projectId)]);
    if (!then || !project) throw new NotFoundError();
    const files = new Map((await attachmentsByIds(readStore, then.attachmentIds)).map((file) => [file._id, file]));
    return planRepresentation(then, await planContext(past, project), files, ownOrigin(request));
  });

  const update = async (request: FastifyRequest) => {
    const plan = await visiblePlan(request);
    const body = parseOrThrow(planPatchBody, request.body ?? {});
    if (body.project !== undefined && body.project !== plan.projectId) throw ValidationError.of('project', catalogueMessages.projectFixed);
    const currentTests = body.test_cases === undefined ? [] : (await testsOfPlans(readStore, plan.projectId, [plan._id], false)).map((test) => ({ testId: test._id, caseId: test.caseId, isArchive: test.isArchive }));
    await execute(context, request, 'plans.change', {
      projectId: plan.projectId,
      id: plan._id,
      // Files left out stay (D7); a list, [] included, is the whole set.
      changes: {
        name: body.name,
        description: body.description,
        startedAt: body.started_at,
        dueDate: body.due_date,
        finishedAt: body.finished_at,
        attributes: body.attributes,
        attachmentIds: body.attachments,
        parentId: body.parent,
      },
      caseIds: body.test_cases,
      currentTests,
    });
    if (body.is_archive !== undefined && body.is_archive !== plan.isArchive) await archiveOrRestore(request, plan, body.is_archive);
    return one(request, plan._id);
  };
  const updateContract = contract({ summary: 'Change or move a plan; `test_cases` is the complete set of its cases (tests with results are archived, not deleted: D8)', body: planPatchBody, response: { 200: planResponse } });
  app.patch(PLAN_DETAIL, updateContract, update);
  app.put(PLAN_DETAIL, updateContract, update);

  /** The plan and the live plans under it. */
  const subtreeOf = async (plan: PlanDocument) => (await findPlanTree(readStore, plan.projectId)).subtreeIds(plan._id);

  /** Archiving takes the subtree's live tests along; restoring brings back the tests that went with this plan's archive. */
  async function archiveOrRestore(request: FastifyRequest, plan: PlanDocument, archive: boolean) {
    const tests = await testsOfPlans(readStore, plan.projectId, await subtreeOf(plan), false);
    const testIds = tests.filter((test) => (archive ? !test.isArchive : test.archivedWithPlan === plan._id)).map((test) => test._id);
    await execute(context, request, archive ? 'plans.archive' : 'plans.unarchive', { projectId: plan.projectId, id: plan._id, testIds });
  }

  /** §4.13: the tests and results a subtree's delete or archive takes, then the plans as the source row. */
  async function cascadeRows(plan: PlanDocument, archive: boolean) {
    const planIds = await subtreeOf(plan);
    const tests = (await testsOfPlans(readStore, plan.projectId, planIds, false)).filter((test) => !archive || !test.isArchive);
    const results = await countResults(
      readStore,
      tests.map((test) => test._id),
      !archive,
    );
    return [
      { verbose_name: 'test', verbose_name_related_model: 'test plans', count: tests.length },
      { verbose_name: 'test result', verbose_name_related_model: 'tests', count: results },
      { verbose_name: 'source model', verbose_name_related_model: 'test plans', count: planIds.length },
    ];
  }

  app.delete(PLAN_DETAIL, contract({ summary: 'Delete a plan, its subtree, their tests and results (to the trash)', response: { 204: noContent } }), async (request, reply) => {
    const plan = await visiblePlan(request);
    const testIds = (await testsOfPlans(readStore, plan.projectId, await subtreeOf(plan), false)).map((test) => test._id);
    await execute(context, request, 'plans.delete', { projectId: plan.projectId, id: plan._id, testIds });
    return reply.code(204).send();
  });
  app.get(`${PLAN_DETAIL}delete/preview/`, contract({ summary: 'What deleting the plan would delete', response: { 200: previewResponse } }), async (request) => cascadeRows(await visiblePlan(request), false));
  app.get(`${PLAN_DETAIL}archive/preview/`, contract({ summary: 'What archiving the plan would archive', response: { 200: previewResponse } }), async (request) => cascadeRows(await visiblePlan(request), true));

  app.post(`${PLAN_DETAIL}archive/`, contract({ summary: 'Archive a plan with its subtree, tests and results', response: { 200: planResponse } }), async (request) => {
    const plan = await visiblePlan(request);
    await archiveOrRestore(request, plan, true);
    return one(request, plan._id);
  });

  app.post(`${PLANS_BASE}archive/restore/`, contract({ summary: 'Restore archived plans with what was archived with them', body: trashBody, response: { 200: z.array(planResponse) } }), async (request) => {
    const plans = await namedInstances(readStore, requireUser(request), request.body, (named) => plansByIds(readStore, named), (plan) => !plan.isDeleted);
    for (const plan of plans) if (plan.isArchive) await archiveOrRestore(request, plan, false);
    const restored = await plansByIds(readStore, plans.map((plan) => plan._id));
    return represented(request, restored);
  });

  app.get(`${PLAN_DETAIL}ancestors/`, contract({ summary: 'The ids of the plan’s ancestors', response: { 200: ancestorsResponse } }), async (request) => {
    const plan = await visiblePlan(request);
    return (await findPlanTree(readStore, plan.projectId))
      .pathTo(plan._id)
      .slice(0, -1)
      .map((node) => node.id);
  });

  app.get(`${PLAN_DETAIL}breadcrumbs/`, contract({ summary: 'The plan and its ancestors, nested, by title', response: { 200: breadcrumbsResponse } }), async (request) => {
    const plan = await visiblePlan(request);
    return planBreadcrumbs(await contextOf(plan.projectId), plan._id);
  });

  app.get(`${PLAN_DETAIL}descendants-tree/`, contract({ summary: 'The plan’s subtree', response: { 200: planTreeResponse } }), async (request) => {
    const plan = await visiblePlan(request);
    return planDescendantsTree(await contextOf(plan.projectId), plan._id);
  });

  app.get(
    `${PLANS_BASE}descendants-tree/`,
    contract({ summary: 'A project’s plan tree (`?project=`), or a plan’s subtree (`&parent=`)', querystring: projectScopeQuery.extend(suiteDescendantsQuery.shape), response: { 200: planTreeResponse } }),
    async (request) => {
      const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
      const parent = parentFilter(parseOrThrow(suiteDescendantsQuery, request.query).parent) ?? null;
      return planDescendantsTree(await planContext(readStore, project), parent);
    },
  );

  app.get(`${PLAN_DETAIL}cases/`, contract({ summary: 'The cases of the plan’s live, unarchived tests (D8); of its subtree unless `include_children=false`', querystring: planCasesQuery, response: { 200: planCasesResponse } }), async (request) => {
    const plan = await visiblePlan(request);
    const { include_children: includeChildren = true } = parseOrThrow(planCasesQuery, request.query);
    const planIds = includeChildren ? await subtreeOf(plan) : [plan._id];
    const tests = await testsOfPlans(readStore, plan.projectId, planIds, false);
    return { case_ids: [...new Set(tests.filter((test) => !test.isArchive).map((test) => test.caseId))].sort((a, b) => a - b) };
  });

  registerPlanTests(app, context, contract, visiblePlan);
  registerPlanStatistics(app, context, contract, visiblePlan);
  registerPlanHistogram(app, context, contract, visiblePlan);
  registerPlanActivity(app, context, contract, visiblePlan);
  registerPlanTrash(app, context, contract, represented);
  registerPlanCopy(app, context, contract, represented);
  registerPlanCatalogues(app, context, contract, visiblePlan);
}

/** `testplans/deleted/`: the trash of the plans the caller can see, recovery with the subtree and its tests, and removal (§2.7). */
function registerPlanTrash(
  app: FastifyInstance,
  context: GatewayContext,
  contract: ReturnType<typeof routeContracts>,
  represented: (request: FastifyRequest, plans: PlanDocument[]) => Promise<z.output<typeof planResponse>[]>,
) {
  const { readStore } = context.system;
  app.get(
    `${PLANS_BASE}deleted/`,
    contract({ summary: 'Deleted plans of one project (`?project=`) or of every project the caller can see', querystring: trashListQuery, response: { 200: paginatedResponse(planResponse) } }),
    async (request) => {
      const scope = await trashProjects(readStore, requireUser(request), request.query);
      const page = pageRequest(request.query as Record<string, string>);
      const { items, count } = await listDeletedPlans(readStore, scope, page);
      return paginated(request, page, count, await represented(request, items));
    },
  );

  const trashed = (request: FastifyRequest) => namedInstances(readStore, requireUser(request), request.body, (named) => plansByIds(readStore, named), (plan) => plan.isDeleted);
  /** The plan and every plan under it, in the trash or not. */
  const deletedSubtree = async (plan: PlanDocument) => [plan._id, ...(await findPlanTree(readStore, plan.projectId)).deletedSubtreeOf(plan._id).map((node) => node.id)];

  app.post(`${PLANS_BASE}deleted/recover/`, contract({ summary: 'Recover plans with their subtrees and tests from the trash', body: trashBody, response: { 200: z.array(planResponse) } }), async (request) => {
    const plans = await trashed(request);
    for (const plan of plans) {
      const tests = await testsOfPlans(readStore, plan.projectId, await deletedSubtree(plan), true);
      const testIds = tests.filter((test) => test.deletedWithPlan === plan._id).map((test) => test._id);
      await execute(context, request, 'plans.recover', { projectId: plan.projectId, id: plan._id, testIds });
    }
    return represented(request, await plansByIds(readStore, plans.map((plan) => plan._id)));
  });

  app.post(`${PLANS_BASE}deleted/remove/`, contract({ summary: 'Remove plans from the trash for good, with their tests and results', body: trashBody, response: { 204: noContent } }), async (request, reply) => {
    for (const plan of await trashed(request)) {
      const testIds = (await testsOfPlans(readStore, plan.projectId, await deletedSubtree(plan), true)).map((test) => test._id);
      await execute(context, request, 'plans.remove', { projectId: plan.projectId, id: plan._id, testIds });
    }
    return reply.code(204).send();
  });
}
