import {
  NotFoundError,
  assigneeProgressItem,
  assigneeProgressQuery,
  labelResponse,
  paginatedResponse,
  parseOrThrow,
  planScopeQuery,
  planSuitesResponse,
  projectScopeQuery,
  statusResponse,
  type PlanSuiteNode,
} from '@testament/contracts';
import { findPlan, findTestFields, labelCreatorNames, listPlans, plansByIds, type PlanDocument } from '@testament/projections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { requiredProjectQuery, visibleProjectOrFail } from '../../http/project-scope.ts';
import type { routeContracts } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { labelRepresentation } from '../labels/representation.ts';
import { statusRepresentation } from '../statuses/representation.ts';
import { planContext, type PlanContext } from '../tests/representation.ts';
import { PLAN_DETAIL, PLANS_BASE, parentFilter } from './filters.ts';
import { planRepresentation } from './representation.ts';

/** What the tests of a project's plans (or of one plan's subtree) use: their cases' labels and suites, their last statuses (§3.4). */
export function registerPlanCatalogues(app: FastifyInstance, context: GatewayContext, contract: ReturnType<typeof routeContracts>, visiblePlan: (request: FastifyRequest) => Promise<PlanDocument>) {
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

  const usedBy = ({ planning, planIds }: { planning: PlanContext; planIds: number[] | undefined }) => findTestFields(readStore, planning.project._id, { planIds, includeArchived: true }, ['labelIds', 'suiteId', 'lastStatus']);

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
          return { id: node.id, name: node.name, parent: parent ? { id: parent.id, name: parent.name } : null, has_children: children.length > 0, is_used: used.has(node.id), children };
        });
    return build(null);
  }

  app.get(`${PLANS_BASE}labels/`, contract({ summary: 'The labels of the cases of the tests in a project (`?project=`) or a plan’s subtree (`&parent=`)', querystring: planScopeQuery, response: { 200: z.array(labelResponse) } }), async (request) =>
    labels(request, await scopeOf(request)),
  );
  app.get(`${PLAN_DETAIL}labels/`, contract({ summary: 'The labels of the cases of the tests in the plan’s subtree', response: { 200: z.array(labelResponse) } }), async (request) => labels(request, await planScope(request)));

  app.get(`${PLANS_BASE}suites/`, contract({ summary: 'The suites the tests of a project or a plan’s subtree use, as a tree (`is_used`: the suite itself holds used cases)', querystring: planScopeQuery, response: { 200: planSuitesResponse } }), async (request) =>
    suites(await scopeOf(request)),
  );
  app.get(`${PLAN_DETAIL}suites/`, contract({ summary: 'The suites the tests of the plan’s subtree use, as a tree', response: { 200: planSuitesResponse } }), async (request) => suites(await planScope(request)));

  app.get(`${PLAN_DETAIL}statuses/`, contract({ summary: 'The statuses that are the last status of a test in the plan’s subtree, in the project’s order', response: { 200: z.array(statusResponse) } }), async (request) => {
    const scope = await planScope(request);
    const used = new Set((await usedBy(scope)).map((test) => test.lastStatus));
    return [...scope.planning.statuses.values()].filter((status) => used.has(status._id)).map((status) => statusRepresentation(status, ownOrigin(request)));
  });

  app.get(
    `${PLANS_BASE}assignee-progress/`,
    contract({
      summary: 'Assigned to me: one level of plans whose unarchived subtree holds tests assigned to `assignee`, newest first, with how many of those have a status',
      querystring: projectScopeQuery.extend(assigneeProgressQuery.shape),
      response: { 200: paginatedResponse(assigneeProgressItem) },
    }),
    async (request) => {
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
      const totals = planning.plans.sumUp<Progress>(own, { total: 0, progressed: 0 }, (sum, progress) => ({ total: sum.total + progress.total, progressed: sum.progressed + progress.progressed }));
      const text = (query.search ?? query.treesearch)?.trim().toLowerCase();
      const level = (await listPlans(readStore, project._id, { parent: parentFilter(query.parent) ?? null, ordering: '-created_at' }, { skip: 0, limit: Number.MAX_SAFE_INTEGER })).items.filter(
        (plan) => totals.has(plan._id) && (!text || planning.title(plan).toLowerCase().includes(text)),
      );
      const shown = await plansByIds(readStore, level.slice(page.skip, page.skip + page.limit).map((plan) => plan._id));
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
    },
  );
}
