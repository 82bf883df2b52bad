import type { PlanEvent, PlanFields } from '@testament/contracts';
import type { TreeNode } from '../kernel/tree.ts';

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

/** A new state with these nodes replaced (copy on write: a cached state is never changed). */
function withNodes(state: PlanTreeState, nodes: Iterable<PlanNode>): PlanTreeState {
  const plans = new Map(state.plans);
  for (const node of nodes) plans.set(node.id, node);
  return { plans };
}

function changed(state: PlanTreeState, ids: readonly number[], change: (node: PlanNode) => PlanNode): PlanTreeState {
  return withNodes(state, ids.flatMap((id) => state.plans.get(id) ?? []).map(change));
}

export function evolvePlanTree(state: PlanTreeState, event: PlanEvent): PlanTreeState {
  switch (event.type) {
    case 'PlanCreated': {
      const { projectId: _projectId, ...node } = event.data;
      return withNodes(state, [{ ...node, archivedWith: null, deletedWith: null }]);
    }
    case 'PlanChanged': {
      const { id, ...changes } = event.data;
      return changed(state, [id], (node) => ({ ...node, ...changes }));
    }
    case 'PlanMoved':
      return changed(state, [event.data.id], (node) => ({ ...node, parentId: event.data.parentId }));
    case 'PlanArchived':
      return changed(state, event.data.planIds, (node) => ({ ...node, isArchive: true, archivedWith: event.data.id }));
    case 'PlanUnarchived':
      return changed(state, event.data.planIds, (node) => ({ ...node, isArchive: false, archivedWith: null }));
    case 'PlanDeleted':
      return changed(state, event.data.planIds, (node) => ({ ...node, deletedWith: event.data.id }));
    case 'PlanRecovered':
      return changed(state, event.data.planIds, (node) => ({ ...node, deletedWith: null }));
    case 'PlanRemoved': {
      const plans = new Map(state.plans);
      for (const id of event.data.planIds) plans.delete(id);
      return { plans };
    }
  }
}
