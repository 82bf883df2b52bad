import {
  ValidationError,
  catalogueMessages,
  parseOrThrow,
  planCopyBody,
  type planResponse,
  type PlanCopyBody,
  planRoutes,
} from '@testament/contracts';
import { casesByIds } from '@testament/projections/cases/queries';
import { findPlan, findPlanTree, plansByIds, type PlanDocument, type PlanTree } from '@testament/projections/plans/queries';
import { testsOfPlans } from '@testament/projections/tests/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { copyFiles } from '../../http/file-copies.ts';
import { visibleInProject } from '../../http/project-scope.ts';
import { requireFitsUnder } from '../../http/tree-depth.ts';
import { serve } from '../../http/route-schema.ts';
import { requireUser } from '../../plugins/authentication.ts';

type Override = PlanCopyBody['plans'][number];

/**
 * §4.19: copies a plan's subtree as it is now, top-down: each plan with its
 * parameters and copies of its files, its dates (the root's overridable) and
 * no finish; the unarchived tests of live, unarchived cases, without results,
 * assigned as before only with `keep_assignee`. Each plan is its own command,
 * so a copy stopped half-way leaves what it made so far.
 */
function planCopier(context: GatewayContext, request: FastifyRequest, keepAssignee: boolean) {
  const { readStore } = context.system;
  /** `tree`: the project's plans as they were before the copy began, so a copy made inside its own source is not copied again. */
  async function copy(source: PlanDocument, parentId: number | null, override: Partial<Override>, tree: PlanTree): Promise<number> {
    const files = await copyFiles(context, request, source.projectId, source.attachmentIds, `plan-${source._id}`);
    const tests = (await testsOfPlans(readStore, source.projectId, [source._id], false)).filter((test) => !test.isArchive);
    const cases = new Map(
      (
        await casesByIds(
          readStore,
          tests.map((test) => test.caseId),
        )
      ).map((found) => [found._id, found]),
    );
    const copied = tests.filter((test) => {
      const found = cases.get(test.caseId);
      return found && !found.isDeleted && !found.isArchive;
    });
    const assignees = keepAssignee
      ? Object.fromEntries(copied.flatMap((test) => (test.assigneeId === null ? [] : [[test.caseId, test.assigneeId]])))
      : undefined;
    const { ids } = await execute(
      context,
      request,
      'plans.create',
      {
        projectId: source.projectId,
        parentId,
        fields: {
          name: override.new_name ?? source.name,
          description: source.description,
          startedAt: override.started_at ?? source.startedAt,
          dueDate: override.due_date ?? source.dueDate,
          finishedAt: null,
          attributes: source.attributes,
          attachmentIds: source.attachmentIds.flatMap((attachmentId) => files.get(attachmentId) ?? []),
        },
        isArchive: false,
        parameterIds: source.parameterIds,
        caseIds: copied.map((test) => test.caseId),
        assignees,
      },
      { idempotencyPart: `plan-${source._id}` },
    );
    for (const child of await plansByIds(
      readStore,
      tree.childrenOf(source._id).map((node) => node.id),
    ))
      if (!child.isArchive) await copy(child, ids[0]!, {}, tree);
    return ids[0]!;
  }
  return { copy };
}

export function registerPlanCopy(
  app: FastifyInstance,
  context: GatewayContext,
  represented: (request: FastifyRequest, plans: PlanDocument[]) => Promise<z.output<typeof planResponse>[]>,
) {
  const { readStore } = context.system;
  serve(app, planRoutes.copy, async (request) => {
    const body = parseOrThrow(planCopyBody, request.body ?? {});
    const user = requireUser(request);
    const sources: PlanDocument[] = [];
    for (const item of body.plans) {
      const found = await findPlan(readStore, item.plan);
      if (!found) throw ValidationError.of('plans', catalogueMessages.projectUnknown(item.plan));
      sources.push(await visibleInProject(readStore, user, found));
    }
    const destination = body.dst_plan === undefined || body.dst_plan === null ? null : await findPlan(readStore, body.dst_plan);
    if (
      body.dst_plan !== undefined &&
      body.dst_plan !== null &&
      (!destination || sources.some((source) => source.projectId !== destination.projectId))
    ) {
      throw ValidationError.of('dst_plan', catalogueMessages.projectUnknown(body.dst_plan));
    }
    for (const source of sources) {
      const tree = await findPlanTree(readStore, source.projectId);
      requireFitsUnder(tree, destination?._id ?? null, tree.heightOf(source._id), destination ? 'dst_plan' : 'plans');
    }
    const copier = planCopier(context, request, body.keep_assignee ?? false);
    const roots: number[] = [];
    for (const [index, source] of sources.entries())
      roots.push(await copier.copy(source, destination?._id ?? null, body.plans[index]!, await findPlanTree(readStore, source.projectId)));
    return represented(request, await plansByIds(readStore, roots));
  });
}
