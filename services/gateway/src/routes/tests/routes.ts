import {
  NotFoundError,
  ValidationError,
  parseOrThrow,
  resultsUnionQuery,
  testCreateBody,
  testListQuery,
  testMessages,
  testPatchBody,
  type testResponse,
  type TestPatchBody,
  testRoutes,
} from '@testament/contracts';
import { findCase } from '@testament/projections/cases/queries';
import { findPlan } from '@testament/projections/plans/queries';
import { findProject } from '@testament/projections/projects/queries';
import { findTest, listDeletedTests, resultsOfTest, testsByIds, type TestDocument } from '@testament/projections/tests/queries';
import { findUser } from '@testament/projections/users/queries';
import { listComments } from '@testament/projections/comments/queries';
import type { UserDocument } from '@testament/projections/users/user-document';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import { shownByProject } from '../../http/by-project.ts';
import { execute } from '../../http/execute.ts';
import { WHOLE_PROJECT, readStoreAsOf } from '../../http/as-of.ts';
import { idsOf } from '../../http/id-lists.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { namedInstances, requiredProjectQuery, trashProjects, visibleInProject, visibleProjectOrFail } from '../../http/project-scope.ts';
import { serve } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { throwIfAborted } from '../../plugins/cancellation.ts';
import { representComments } from '../../representations/comments.ts';
import { resultRepresentation, resultShowing } from '../../representations/results.ts';
import { listTestsOrdered, testFiltersOf } from '../../http/test-filters.ts';
import { planContext, testRepresentation, testShowing } from '../../representations/tests.ts';

/** The access rule's view of a user who is to be assigned (the command side decides whether they can view the project). */
const assigneeActor = (user: UserDocument) => ({ userId: user._id, isSuperuser: user.isSuperuser, isExternal: user.isExternal });

/** `tests/` (§3.5, §2.7): lists with every filter, one test, assignment, moves, archive and the trash. */
export default async function serveTests(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;
  const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);
  const visibleTest = async (request: FastifyRequest) =>
    visibleInProject(readStore, requireUser(request), await findTest(readStore, idOf(request)));

  /** Tests as the wire shows them, in the order given, each with its own project's context. */
  const represented = (request: FastifyRequest, tests: TestDocument[]) =>
    shownByProject(tests, async (ofProject) => {
      const project = await findProject(readStore, ofProject[0]!.projectId);
      if (!project) throw new NotFoundError();
      const showing = await testShowing(readStore, await planContext(readStore, project), ofProject, ownOrigin(request));
      return ofProject.map((test) => testRepresentation(test, showing));
    });
  const one = async (request: FastifyRequest, testId: number) => {
    const [shown] = await represented(request, await testsByIds(readStore, [testId]));
    if (!shown) throw new NotFoundError();
    return shown;
  };

  serve(app, testRoutes.list, async (request, reply) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
    const query = parseOrThrow(testListQuery, request.query);
    const page = pageRequest(query);
    // With `as_of`, the tests as they were then.
    const planIds = idsOf(query.plan);
    const from = await readStoreAsOf(context, request, reply, project._id, planIds ? { kind: 'plans', planIds } : WHOLE_PROJECT);
    const planning = await planContext(from, project);
    const { items, count } = await listTestsOrdered(
      from,
      planning,
      await testFiltersOf(from, planning, query),
      query.ordering,
      'name',
      page,
    );
    const showing = await testShowing(from, planning, items, ownOrigin(request));
    throwIfAborted(request);
    return paginated(
      request,
      page,
      count,
      items.map((test) => testRepresentation(test, showing)),
    );
  });

  serve(app, testRoutes.create, async (request, reply) => {
    const body = parseOrThrow(testCreateBody, request.body ?? {});
    const plan = await findPlan(readStore, body.plan);
    if (!plan) throw ValidationError.of('plan', testMessages.planUnknown(body.plan));
    await visibleProjectOrFail(readStore, requireUser(request), plan.projectId);
    const found = await findCase(readStore, body.case);
    if (!found || found.projectId !== plan.projectId) throw ValidationError.of('case', testMessages.caseUnknown(body.case));
    const { testId } = await execute(context, request, 'tests.create', {
      projectId: plan.projectId,
      planId: plan._id,
      caseId: found._id,
      assigneeId: null,
    });
    if (body.assignee !== undefined && body.assignee !== null) await assign(request, plan.projectId, testId, body.assignee);
    return reply.code(201).send(await one(request, testId));
  });

  serve(app, testRoutes.retrieve, async (request) => one(request, (await visibleTest(request))._id));

  /** Only active users, who can view the project (§3.5). */
  async function assign(request: FastifyRequest, projectId: number, testId: number, assigneeId: number | null) {
    let assignee = null;
    if (assigneeId !== null) {
      const user = await findUser(readStore, assigneeId);
      if (!user || user.isDeleted || !user.isActive) throw ValidationError.of('assignee', testMessages.userUnknown(assigneeId));
      assignee = assigneeActor(user);
    }
    await execute(context, request, 'tests.assign', { projectId, testId, assignee });
  }

  const update = async (request: FastifyRequest) => {
    const test = await visibleTest(request);
    const body: TestPatchBody = parseOrThrow(testPatchBody, request.body ?? {});
    if (body.case !== undefined && body.case !== test.caseId) throw ValidationError.of('case', testMessages.caseFixed);
    const ref = { projectId: test.projectId, testId: test._id };
    if (body.plan !== undefined && body.plan !== test.planId) {
      const plan = await findPlan(readStore, body.plan);
      if (!plan) throw ValidationError.of('plan', testMessages.planUnknown(body.plan));
      if (plan.projectId !== test.projectId) throw ValidationError.of('plan', testMessages.planElsewhere);
      await execute(context, request, 'tests.move', { ...ref, planId: plan._id });
    }
    if (body.assignee !== undefined) await assign(request, test.projectId, test._id, body.assignee);
    if (body.is_archive !== undefined && body.is_archive !== test.isArchive)
      await execute(context, request, body.is_archive ? 'tests.archive' : 'tests.unarchive', ref);
    return one(request, test._id);
  };
  serve(app, testRoutes.update, update);
  serve(app, testRoutes.replace, update);

  /** §4.13: a test's archive or delete takes its results (those not archived yet, for an archive). */
  const cascadeRows = async (request: FastifyRequest, change: 'archive' | 'delete') => {
    const test = await visibleTest(request);
    const results = (await resultsOfTest(readStore, test._id)).filter((result) => change === 'delete' || !result.isArchive).length;
    return [
      { verbose_name: 'test result', verbose_name_related_model: 'tests', count: results },
      { verbose_name: 'source model', verbose_name_related_model: 'tests', count: 1 },
    ];
  };
  serve(app, testRoutes.archivePreview, async (request) => cascadeRows(request, 'archive'));
  // There is no DELETE tests/{id}/ (§2.7): a bulk update's `is_deleted` deletes what this lists.
  serve(app, testRoutes.deletePreview, async (request) => cascadeRows(request, 'delete'));

  serve(app, testRoutes.archive, async (request) => {
    const test = await visibleTest(request);
    await execute(context, request, 'tests.archive', { projectId: test.projectId, testId: test._id });
    return one(request, test._id);
  });

  serve(app, testRoutes.restore, async (request) => {
    const found = await namedInstances(
      readStore,
      requireUser(request),
      request.body,
      (ids) => testsByIds(readStore, ids),
      (test) => !test.isDeleted,
    );
    for (const test of found) await execute(context, request, 'tests.unarchive', { projectId: test.projectId, testId: test._id });
    return represented(
      request,
      await testsByIds(
        readStore,
        found.map((test) => test._id),
      ),
    );
  });

  serve(app, testRoutes.resultsUnion, async (request) => {
    const test = await visibleTest(request);
    const query = parseOrThrow(resultsUnionQuery, request.query);
    const page = pageRequest(query);
    const origin = ownOrigin(request);
    const results = query.type === 'comment' ? [] : await resultsOfTest(readStore, test._id);
    const comments =
      query.type === 'result'
        ? []
        : (await listComments(readStore, 'test', test._id, false, { skip: 0, limit: Number.MAX_SAFE_INTEGER })).items;
    const showing = await resultShowing(readStore, results, origin);
    const thread = [
      ...results.map((result, index) => ({
        at: result.createdAt,
        id: result._id,
        item: { ...resultRepresentation(result, showing, test.isArchive), latest: index === 0, type: 'result' as const },
      })),
      ...(await representComments(readStore, comments, origin)).map((comment) => ({
        at: comment.created_at,
        id: comment.id,
        item: { ...comment, type: 'comment' as const },
      })),
    ];
    const newestFirst = query.ordering === '-created_at';
    thread.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id) * (newestFirst ? -1 : 1));
    return paginated(
      request,
      page,
      thread.length,
      thread.slice(page.skip, page.skip + page.limit).map((entry) => entry.item),
    );
  });

  registerTestTrash(app, context, represented);
}

/** `tests/deleted/`: the trash of the tests the caller can see, recovery and removal (§2.7). */
function registerTestTrash(
  app: FastifyInstance,
  context: GatewayContext,
  represented: (request: FastifyRequest, tests: TestDocument[]) => Promise<z.output<typeof testResponse>[]>,
) {
  const { readStore } = context.system;
  serve(app, testRoutes.trash, async (request) => {
    const scope = await trashProjects(readStore, requireUser(request), request.query);
    const page = pageRequest(request.query as Record<string, string>);
    const { items, count } = await listDeletedTests(readStore, scope, page);
    return paginated(request, page, count, await represented(request, items));
  });

  const trashed = (request: FastifyRequest) =>
    namedInstances(
      readStore,
      requireUser(request),
      request.body,
      (ids) => testsByIds(readStore, ids),
      (test) => test.isDeleted,
    );

  serve(app, testRoutes.recover, async (request) => {
    const tests = await trashed(request);
    for (const test of tests) await execute(context, request, 'tests.recover', { projectId: test.projectId, testId: test._id });
    return represented(
      request,
      await testsByIds(
        readStore,
        tests.map((test) => test._id),
      ),
    );
  });

  serve(app, testRoutes.remove, async (request, reply) => {
    for (const test of await trashed(request))
      await execute(context, request, 'tests.remove', { projectId: test.projectId, testId: test._id });
    return reply.code(204).send();
  });
}
