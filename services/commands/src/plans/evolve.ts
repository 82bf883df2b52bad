import type { PlanEvent, PlanFields } from '@testament/contracts';
import { editNodes, nodeMapFold, type TreeNode } from '../kernel/tree.ts';

export interface PlanNode extends TreeNode, Readonly<PlanFields> {
  readonly parameterIds: readonly number[];
  readonly isArchive: boolean;
  /** The plan whose archive took this one along (itself when it was the one archived); null while not archived or archived on creation. */
  readonly archivedWith: number | null;
  /** The plan whose delete took this one to the trash; null while live. */
  readonly deletedWith: number | null;
}

/** Every plan of one project, deleted ones included until they are removed from the trash. */
export interface PlanTreeState {
  readonly plans: ReadonlyMap<number, PlanNode>;
}

export const initialPlanTree: PlanTreeState = { plans: new Map() };

function changePlans(plans: Map<number, PlanNode>, event: PlanEvent): void {
  switch (event.type) {
    case 'PlanCreated': {
      const { projectId: _projectId, ...node } = event.data;
      plans.set(node.id, { ...node, archivedWith: null, deletedWith: null });
      return;
    }
    case 'PlanChanged': {
      const { id, ...changes } = event.data;
      editNodes(plans, [id], (node) => ({ ...node, ...changes }));
      return;
    }
    case 'PlanMoved':
      editNodes(plans, [event.data.id], (node) => ({ ...node, parentId: event.data.parentId }));
      return;
    case 'PlanArchived':
      editNodes(plans, event.data.planIds, (node) => ({ ...node, isArchive: true, archivedWith: event.data.id }));
      return;
    case 'PlanUnarchived':
      editNodes(plans, event.data.planIds, (node) => ({ ...node, isArchive: false, archivedWith: null }));
      return;
    case 'PlanDeleted':
      editNodes(plans, event.data.planIds, (node) => ({ ...node, deletedWith: event.data.id }));
      return;
    case 'PlanRecovered':
      editNodes(plans, event.data.planIds, (node) => ({ ...node, deletedWith: null }));
      return;
    case 'PlanRemoved':
      for (const id of event.data.planIds) plans.delete(id);
      return;
  }
}

/** `evolve` and `evolveAll` of a project's plans (copy on write: a cached state is never changed). */
export const planTreeFold = nodeMapFold<PlanTreeState, PlanNode, PlanEvent>(
  (state) => state.plans,
  (plans) => ({ plans }),
  changePlans,
);
