import { NotFoundError, assigneeProgressQuery, parseOrThrow, planScopeQuery, type PlanSuiteNode, planRoutes } from '@testament/contracts';
import { findPlan, listPlans, plansByIds, type PlanDocument } from '@testament/projections/plans/queries';
import { findTestFields } from '@testament/projections/tests/queries';
import { labelCreatorNames } from '@testament/projections/labels/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { requiredProjectQuery, visibleProjectOrFail } from '../../http/project-scope.ts';
import { serve } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { labelRepresentation } from '../../representations/labels.ts';
import { statusRepresentation } from '../../representations/statuses.ts';
import { planContext, type PlanContext } from '../../representations/tests.ts';
import { parentFilter } from './filters.ts';
import { planRepresentation } from '../../representations/plans.ts';

/** What the tests of a project's plans (or of one plan's subtree) use: their cases' labels and suites, their last statuses (§3.4). */
export function registerPlanCatalogues(
  app: FastifyInstance,
  context: GatewayContext,
  visiblePlan: (request: FastifyRequest) => Promise<PlanDocument>,
) {
  const { readStore } = context.system;

  /** The scope of `?project=&parent=`: the project's tests, or the parent plan's subtree's. */
  async function scopeOf(request: FastifyRequest): Promise<{ planning: PlanContext; planIds: number[] | undefined }> {
    const query = parseOrThrow(planScopeQuery, request.query);
    const parent = parentFilter(query.parent) ?? null;
    const plan = parent === null ? null : await findPlan(readStore, parent);
    if (parent !== null && !plan) throw new NotFoundError();
    const projectId = plan?.projectId ?? requiredProjectQuery(request.query);
    const planning = await planContext(readStore, await visibleProjectOrFail(readStore, requireUser(request), projectId));
    return { planning, planIds: plan ? (query.show_descendants === false ? [plan._id] : planning.plans.subtreeIds(plan._id)) : undefined };
  }
  async function planScope(request: FastifyRequest) {
    const plan = await visiblePlan(request);
    const planning = await planContext(readStore, await visibleProjectOrFail(readStore, requireUser(request), plan.projectId));
    return { planning, planIds: planning.plans.subtreeIds(plan._id) };
  }

  const usedBy = ({ planning, planIds }: { planning: PlanContext; planIds: number[] | undefined }) =>
    findTestFields(readStore, planning.project._id, { planIds, includeArchived: true }, ['labelIds', 'suiteId', 'lastStatus']);

  async function labels(request: FastifyRequest, scope: { planning: PlanContext; planIds: number[] | undefined }) {
    const used = new Set((await usedBy(scope)).flatMap((test) => test.labelIds));
    const shown = [...scope.planning.labels.values()].filter((label) => used.has(label._id));
    const creators = await labelCreatorNames(readStore, shown);
    return shown.map((label) => labelRepresentation(label, creators.get(label._id) ?? null, ownOrigin(request)));
  }

  /** The used suites with their ancestors, as a flat-built tree by name. */
  async function suites(scope: { planning: PlanContext; planIds: number[] | undefined }): Promise<PlanSuiteNode[]> {
    const tree = scope.planning.suites;
    const used = new Set((await usedBy(scope)).map((test) => test.suiteId));
    const shown = tree.withAncestors(used);
    const build = (parentId: number | null): PlanSuiteNode[] =>
      tree
        .childrenByName(parentId)
        .filter((node) => shown.has(node.id))
        .map((node) => {
          const children = build(node.id);
          const parent = node.parentId === null ? undefined : tree.node(node.parentId);
          return {
            id: node.id,
            name: node.name,
            parent: parent ? { id: parent.id, name: parent.name } : null,
            has_children: children.length > 0,
            is_used: used.has(node.id),
            children,
          };
        });
    return build(null);
  }

  serve(app, planRoutes.labels, async (request) => labels(request, await scopeOf(request)));
  serve(app, planRoutes.labelsOfPlan, async (request) => labels(request, await planScope(request)));

  serve(app, planRoutes.suites, async (request) => suites(await scopeOf(request)));
  serve(app, planRoutes.suitesOfPlan, async (request) => suites(await planScope(request)));

  serve(app, planRoutes.statuses, async (request) => {
    const scope = await planScope(request);
    const used = new Set((await usedBy(scope)).map((test) => test.lastStatus));
    return [...scope.planning.statuses.values()]
      .filter((status) => used.has(status._id))
      .map((status) => statusRepresentation(status, ownOrigin(request)));
  });

  serve(app, planRoutes.assigneeProgress, async (request) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
    const query = parseOrThrow(assigneeProgressQuery, request.query);
    const page = pageRequest(query);
    const planning = await planContext(readStore, project);
    const assigned = await findTestFields(readStore, project._id, { assigneeIds: [Number(query.assignee)] }, ['planId', 'lastStatus']);
    type Progress = { total: number; progressed: number };
    const own = new Map<number, Progress>();
    for (const test of assigned) {
      const progress = own.get(test.planId) ?? { total: 0, progressed: 0 };
      progress.total += 1;
      if (test.lastStatus !== null) progress.progressed += 1;
      own.set(test.planId, progress);
    }
    const totals = planning.plans.sumUp<Progress>(own, { total: 0, progressed: 0 }, (sum, progress) => ({
      total: sum.total + progress.total,
      progressed: sum.progressed + progress.progressed,
    }));
    const text = (query.search ?? query.treesearch)?.trim().toLowerCase();
    const level = (
      await listPlans(
        readStore,
        project._id,
        { parent: parentFilter(query.parent) ?? null, ordering: '-created_at' },
        { skip: 0, limit: Number.MAX_SAFE_INTEGER },
      )
    ).items.filter((plan) => totals.has(plan._id) && (!text || planning.title(plan).toLowerCase().includes(text)));
    const shown = await plansByIds(
      readStore,
      level.slice(page.skip, page.skip + page.limit).map((plan) => plan._id),
    );
    return paginated(
      request,
      page,
      level.length,
      shown.map((plan) => {
        const { url: _url, attachments: _files, ...listed } = planRepresentation(plan, planning, new Map(), ownOrigin(request));
        const total = totals.get(plan._id)!;
        return { ...listed, is_leaf: false as const, total_tests: total.total, tests_progress_total: total.progressed };
      }),
    );
  });
}
