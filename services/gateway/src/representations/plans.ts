import type { Breadcrumbs, Plan, PlanTreeNode as WirePlanTreeNode } from '@testament/contracts';
import { bySortKey, naturalSortKey } from '@testament/projections/trees/natural-order';
import type { AttachmentDocument } from '@testament/projections/attachments/attachments-projection';
import type { PlanDocument } from '@testament/projections/plans/queries';
import { attachmentsNamed } from './attachments.ts';
import type { PlanContext } from './tests.ts';

export const planUrl = (origin: string, planId: number) => `${origin}/api/v2/testplans/${planId}/`;

function parentOf(context: PlanContext, parentId: number | null): { id: number; name: string } | null {
  const parent = parentId === null ? undefined : context.plans.node(parentId);
  return parent ? { id: parent.id, name: parent.name } : null;
}

/** The Plan object of §3.4 (`has_children`: child plans, K12). */
export function planRepresentation(
  plan: PlanDocument,
  context: PlanContext,
  files: ReadonlyMap<number, AttachmentDocument>,
  origin: string,
): Plan {
  return {
    id: plan._id,
    name: plan.name,
    title: context.title(plan),
    description: plan.description,
    parent: parentOf(context, plan.parentId),
    parameters: plan.parameterIds,
    started_at: plan.startedAt,
    due_date: plan.dueDate,
    finished_at: plan.finishedAt,
    created_at: plan.createdAt,
    is_archive: plan.isArchive,
    project: plan.projectId,
    url: planUrl(origin, plan._id),
    has_children: context.plans.childrenOf(plan._id).length > 0,
    attributes: plan.attributes,
    attachments: attachmentsNamed(plan.attachmentIds, files, origin),
  };
}

/** PlanMin, what a create answers (K2: in an array). */
export function planMinRepresentation(plan: PlanDocument, context: PlanContext, origin: string) {
  return {
    id: plan._id,
    url: planUrl(origin, plan._id),
    parent: parentOf(context, plan.parentId),
    attachments: plan.attachmentIds,
    name: plan.name,
    project: plan.projectId,
    started_at: plan.startedAt,
    due_date: plan.dueDate,
    finished_at: plan.finishedAt,
    is_archive: plan.isArchive,
    description: plan.description,
    attributes: plan.attributes,
    path: context.plans
      .pathTo(plan._id)
      .map((node) => node.id)
      .join('.'),
    deleted_at: plan.deletedAt,
    parameters: plan.parameterIds,
  };
}

/** From the plan up to its root, by title (§2.8). */
export function planBreadcrumbs(context: PlanContext, planId: number): Breadcrumbs {
  let crumbs: Breadcrumbs | null = null;
  for (const node of context.plans.pathTo(planId)) crumbs = { id: node.id, title: context.title(node), parent: crumbs };
  return crumbs!;
}

/** The live subtree under `parentId` (null: the whole project) as the flat-built tree of §2.8, in the natural order of the titles. */
export function planDescendantsTree(context: PlanContext, parentId: number | null): WirePlanTreeNode[] {
  const build = (id: number | null): WirePlanTreeNode[] =>
    context.plans
      .childrenOf(id)
      .map((node) => {
        const title = context.title(node);
        return { node, title, id: node.id, sortKey: naturalSortKey(title) };
      })
      .sort(bySortKey)
      .map(({ node, title }) => {
        const children = build(node.id);
        const parent = node.parentId === null ? undefined : context.plans.node(node.parentId);
        return {
          id: node.id,
          title,
          has_children: children.length > 0,
          parent: parent ? { id: parent.id, title: context.title(parent) } : null,
          children,
        };
      });
  return build(parentId);
}
