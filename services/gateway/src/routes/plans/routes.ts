import {
  NotFoundError,
  ValidationError,
  catalogueMessages,
  parseOrThrow,
  planCasesQuery,
  planCreateBody,
  planListQuery,
  planPatchBody,
  projectPlansQuery,
  type planResponse,
  suiteDescendantsQuery,
  planRoutes,
} from '@testament/contracts';
import { attachmentsByIds } from '@testament/projections/attachments/queries';
import { countResults, testsOfPlans } from '@testament/projections/tests/queries';
import { findPlan, findPlanTree, listDeletedPlans, listPlans, plansByIds, type PlanDocument } from '@testament/projections/plans/queries';
import { findProject } from '@testament/projections/projects/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import { projectForNewItem } from '../../http/catalogue-routes.ts';
import { shownByProject } from '../../http/by-project.ts';
import { execute } from '../../http/execute.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { namedInstances, requiredProjectQuery, trashProjects, visibleInProject, visibleProjectOrFail } from '../../http/project-scope.ts';
import { serve } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { planContext, type PlanContext } from '../../representations/tests.ts';
import { parentFilter, planFiltersOf } from './filters.ts';
import { registerPlanCatalogues } from './plan-catalogues.ts';
import { registerPlanCopy } from './copy.ts';
import { registerPlanTests } from './plan-tests.ts';
import { planBreadcrumbs, planDescendantsTree, planMinRepresentation, planRepresentation } from '../../representations/plans.ts';
import { readStoreAsOf } from '../../http/as-of.ts';
import { registerPlanActivity } from './activity.ts';
import { registerPlanHistogram } from './histogram.ts';
import { registerPlanStatistics } from './statistics.ts';

/** `testplans/` (§3.4, §2.7, §2.8): lists, one plan, its place in the tree, changes with the tests following, archive and the trash. */
export default async function servePlans(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;
  const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);
  const visiblePlan = async (request: FastifyRequest): Promise<PlanDocument> =>
    visibleInProject(readStore, requireUser(request), await findPlan(readStore, idOf(request)));
  const contextOf = async (projectId: number) => {
    const project = await findProject(readStore, projectId);
    if (!project) throw new NotFoundError();
    return planContext(readStore, project);
  };

  /**
   * Plans as the wire shows them, in the order given, each with its own project's context (`planning`, when the caller has it for all of
   * them).
   */
  const represented = (request: FastifyRequest, plans: PlanDocument[], planning?: PlanContext) =>
    shownByProject(plans, async (ofProject) => {
      const shownContext = planning ?? (await contextOf(ofProject[0]!.projectId));
      const files = new Map(
        (
          await attachmentsByIds(
            readStore,
            ofProject.flatMap((plan) => plan.attachmentIds),
          )
        ).map((file) => [file._id, file]),
      );
      return ofProject.map((plan) => planRepresentation(plan, shownContext, files, ownOrigin(request)));
    });
  const one = async (request: FastifyRequest, planId: number) => {
    const [shown] = await represented(request, await plansByIds(readStore, [planId]));
    if (!shown) throw new NotFoundError();
    return shown;
  };

  serve(app, planRoutes.list, async (request) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
    const query = parseOrThrow(planListQuery, request.query);
    const page = pageRequest(query);
    const planning = await planContext(readStore, project);
    const { items, count } = await listPlans(readStore, project._id, planFiltersOf(query, planning), page);
    return paginated(request, page, count, await represented(request, items, planning));
  });

  serve(app, planRoutes.projectRoots, async (request) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), idOf(request));
    const { is_archive: includeArchived } = parseOrThrow(projectPlansQuery, request.query);
    const planning = await planContext(readStore, project);
    const { items } = await listPlans(
      readStore,
      project._id,
      { parent: null, includeArchived },
      { skip: 0, limit: Number.MAX_SAFE_INTEGER },
    );
    return represented(request, items, planning);
  });

  serve(app, planRoutes.create, async (request, reply) => {
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

  serve(app, planRoutes.retrieve, async (request, reply) => {
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
    const currentTests =
      body.test_cases === undefined
        ? []
        : (await testsOfPlans(readStore, plan.projectId, [plan._id], false)).map((test) => ({
            testId: test._id,
            caseId: test.caseId,
            isArchive: test.isArchive,
          }));
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
  serve(app, planRoutes.update, update);
  serve(app, planRoutes.replace, update);

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

  serve(app, planRoutes.destroy, async (request, reply) => {
    const plan = await visiblePlan(request);
    const testIds = (await testsOfPlans(readStore, plan.projectId, await subtreeOf(plan), false)).map((test) => test._id);
    await execute(context, request, 'plans.delete', { projectId: plan.projectId, id: plan._id, testIds });
    return reply.code(204).send();
  });
  serve(app, planRoutes.deletePreview, async (request) => cascadeRows(await visiblePlan(request), false));
  serve(app, planRoutes.archivePreview, async (request) => cascadeRows(await visiblePlan(request), true));

  serve(app, planRoutes.archive, async (request) => {
    const plan = await visiblePlan(request);
    await archiveOrRestore(request, plan, true);
    return one(request, plan._id);
  });

  serve(app, planRoutes.restore, async (request) => {
    const plans = await namedInstances(
      readStore,
      requireUser(request),
      request.body,
      (named) => plansByIds(readStore, named),
      (plan) => !plan.isDeleted,
    );
    for (const plan of plans) if (plan.isArchive) await archiveOrRestore(request, plan, false);
    const restored = await plansByIds(
      readStore,
      plans.map((plan) => plan._id),
    );
    return represented(request, restored);
  });

  serve(app, planRoutes.ancestors, async (request) => {
    const plan = await visiblePlan(request);
    return (await findPlanTree(readStore, plan.projectId))
      .pathTo(plan._id)
      .slice(0, -1)
      .map((node) => node.id);
  });

  serve(app, planRoutes.breadcrumbs, async (request) => {
    const plan = await visiblePlan(request);
    return planBreadcrumbs(await contextOf(plan.projectId), plan._id);
  });

  serve(app, planRoutes.subtree, async (request) => {
    const plan = await visiblePlan(request);
    return planDescendantsTree(await contextOf(plan.projectId), plan._id);
  });

  serve(app, planRoutes.tree, async (request) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
    const parent = parentFilter(parseOrThrow(suiteDescendantsQuery, request.query).parent) ?? null;
    return planDescendantsTree(await planContext(readStore, project), parent);
  });

  serve(app, planRoutes.cases, async (request) => {
    const plan = await visiblePlan(request);
    const { include_children: includeChildren = true } = parseOrThrow(planCasesQuery, request.query);
    const planIds = includeChildren ? await subtreeOf(plan) : [plan._id];
    const tests = await testsOfPlans(readStore, plan.projectId, planIds, false);
    return { case_ids: [...new Set(tests.filter((test) => !test.isArchive).map((test) => test.caseId))].sort((a, b) => a - b) };
  });

  registerPlanTests(app, context, visiblePlan);
  registerPlanStatistics(app, context, visiblePlan);
  registerPlanHistogram(app, context, visiblePlan);
  registerPlanActivity(app, context, visiblePlan);
  registerPlanTrash(app, context, represented);
  registerPlanCopy(app, context, represented);
  registerPlanCatalogues(app, context, visiblePlan);
}

/** `testplans/deleted/`: the trash of the plans the caller can see, recovery with the subtree and its tests, and removal (§2.7). */
function registerPlanTrash(
  app: FastifyInstance,
  context: GatewayContext,
  represented: (request: FastifyRequest, plans: PlanDocument[]) => Promise<z.output<typeof planResponse>[]>,
) {
  const { readStore } = context.system;
  serve(app, planRoutes.trash, async (request) => {
    const scope = await trashProjects(readStore, requireUser(request), request.query);
    const page = pageRequest(request.query as Record<string, string>);
    const { items, count } = await listDeletedPlans(readStore, scope, page);
    return paginated(request, page, count, await represented(request, items));
  });

  const trashed = (request: FastifyRequest) =>
    namedInstances(
      readStore,
      requireUser(request),
      request.body,
      (named) => plansByIds(readStore, named),
      (plan) => plan.isDeleted,
    );
  /** The plan and every plan under it, in the trash or not. */
  const deletedSubtree = async (plan: PlanDocument) => [
    plan._id,
    ...(await findPlanTree(readStore, plan.projectId)).deletedSubtreeOf(plan._id).map((node) => node.id),
  ];

  serve(app, planRoutes.recover, async (request) => {
    const plans = await trashed(request);
    for (const plan of plans) {
      const tests = await testsOfPlans(readStore, plan.projectId, await deletedSubtree(plan), true);
      const testIds = tests.filter((test) => test.deletedWithPlan === plan._id).map((test) => test._id);
      await execute(context, request, 'plans.recover', { projectId: plan.projectId, id: plan._id, testIds });
    }
    return represented(
      request,
      await plansByIds(
        readStore,
        plans.map((plan) => plan._id),
      ),
    );
  });

  serve(app, planRoutes.remove, async (request, reply) => {
    for (const plan of await trashed(request)) {
      const testIds = (await testsOfPlans(readStore, plan.projectId, await deletedSubtree(plan), true)).map((test) => test._id);
      await execute(context, request, 'plans.remove', { projectId: plan.projectId, id: plan._id, testIds });
    }
    return reply.code(204).send();
  });
}
