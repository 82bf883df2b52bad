import {
  NotFoundError,
  ValidationError,
  bulkMessages,
  paginationQuery,
  parseOrThrow,
  testBulkUpdateBody,
  testBulkUpdateTreeBody,
  testMessages,
  type BulkOperation,
  type TestBulkUpdateBody,
  bulkJobRoutes,
} from '@testament/contracts';
import { findBulkJob, listBulkJobs } from '@testament/projections/bulk-jobs/queries';
import { findPlan } from '@testament/projections/plans/queries';
import { findUser } from '@testament/projections/users/queries';
import { testsByIds } from '@testament/projections/tests/queries';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { runBulkJob } from '../../http/bulk-job.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { visibleProjectOrFail } from '../../http/project-scope.ts';
import { serve } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { planContext, testRepresentation, testShowing, type PlanContext } from '../../representations/tests.ts';
import { jobRepresentation } from '../../representations/bulk-jobs.ts';
import { selectedTests, type TestSelection } from '../../http/test-selection.ts';

type Changes = Pick<TestBulkUpdateBody, 'plan_id' | 'assignee_id' | 'is_deleted' | 'result'>;

/**
 * Bulk changes of tests (§3.5, §4.11) as jobs: the selection is resolved once,
 * from the same filters the tests list takes, and handed to a job that applies
 * it test by test; small selections are answered when the job ends, large ones
 * (or `is_async`) at once, the job going on in the background.
 */
export default async function serveBulkJobs(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;

  /** What the job does, checked against the project: a live plan of it, an active user, a status it has. */
  async function operationOf(
    changes: Changes,
    planning: PlanContext,
  ): Promise<Exclude<BulkOperation, { kind: 'cases' | 'import' | 'report' }>> {
    const given = (['plan_id', 'assignee_id', 'is_deleted', 'result'] as const).filter((key) => changes[key] !== undefined);
    if (given.length !== 1) throw ValidationError.general(bulkMessages.oneChange);
    if (changes.plan_id !== undefined) {
      const plan = await findPlan(readStore, changes.plan_id);
      if (!plan || plan.isDeleted) throw ValidationError.of('plan_id', testMessages.planUnknown(changes.plan_id));
      if (plan.projectId !== planning.project._id) throw ValidationError.of('plan_id', testMessages.planElsewhere);
      return { kind: 'move', planId: plan._id };
    }
    if (changes.assignee_id !== undefined) {
      if (changes.assignee_id === null) return { kind: 'assign', assignee: null };
      const user = await findUser(readStore, changes.assignee_id);
      if (!user || user.isDeleted || !user.isActive) throw ValidationError.of('assignee_id', testMessages.userUnknown(changes.assignee_id));
      return { kind: 'assign', assignee: { userId: user._id, isSuperuser: user.isSuperuser, isExternal: user.isExternal } };
    }
    if (changes.is_deleted) return { kind: 'delete' };
    const result = changes.result!;
    if (!planning.statuses.has(result.status)) throw ValidationError.of('status', bulkMessages.statusUnknown(result.status));
    return {
      kind: 'result',
      status: result.status,
      comment: result.comment ?? '',
      attachmentIds: result.attachments ?? [],
      attributes: result.attributes?.non_suite_specific ?? {},
      suiteAttributes: (result.attributes?.suite_specific ?? []).map((suite) => ({ suiteId: suite.suite_id, values: suite.values })),
    };
  }

  /**
   * Resolves the selection, checks the change and runs it as a job: answered with the tests when it ends, or at once when it goes on in the
   * background.
   */
  async function run(
    request: FastifyRequest,
    reply: FastifyReply,
    body: TestSelection & Changes & { project: number; is_async?: boolean | undefined },
  ) {
    const planning = await contextOf(request, body.project);
    const selected = await selectedTests(readStore, planning, body);
    const operation = await operationOf(body, planning);
    const itemIds = selected.map((test) => test._id);
    const planIds = new Set(selected.map((test) => test.planId));
    const suiteIds = [...new Set(selected.map((test) => test.suiteId))];
    const planId = planIds.size === 1 ? [...planIds][0]! : null;
    // K3: a job in the background answers 200 with an empty body.
    if (!(await runBulkJob(context, request, { projectId: planning.project._id, operation, itemIds, suiteIds, planId }, body.is_async)))
      return reply.code(200).send();
    if (operation.kind === 'delete') return [];
    const tests = await testsByIds(readStore, itemIds);
    const showing = await testShowing(readStore, planning, tests, ownOrigin(request));
    return tests.map((test) => testRepresentation(test, showing));
  }

  const contextOf = async (request: FastifyRequest, projectId: number) =>
    planContext(readStore, await visibleProjectOrFail(readStore, requireUser(request), projectId));

  // TestY's router takes PATCH here too, with the same body and meaning.
  const runListBulkUpdate = async (request: FastifyRequest, reply: FastifyReply) =>
    run(request, reply, { view: 'list', ...parseOrThrow(testBulkUpdateBody, request.body ?? {}) });
  serve(app, bulkJobRoutes.bulkUpdate, runListBulkUpdate);
  serve(app, bulkJobRoutes.bulkUpdatePatch, runListBulkUpdate);

  serve(app, bulkJobRoutes.bulkUpdateTree, async (request, reply) =>
    run(request, reply, { view: 'tree', ...parseOrThrow(testBulkUpdateTreeBody, request.body ?? {}) }),
  );

  serve(app, bulkJobRoutes.list, async (request) => {
    const page = pageRequest(parseOrThrow(paginationQuery, request.query));
    const { items, count } = await listBulkJobs(readStore, requireUser(request)._id, page);
    return paginated(request, page, count, items.map(jobRepresentation));
  });

  serve(app, bulkJobRoutes.retrieve, async (request) => {
    const job = await findBulkJob(readStore, Number((request.params as { id: string }).id));
    if (!job || job.userId !== requireUser(request)._id) throw new NotFoundError();
    return jobRepresentation(job);
  });
}
