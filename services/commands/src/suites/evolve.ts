import type { SuiteEvent } from '@testament/contracts';

export interface SuiteNode {
  readonly id: number;
  readonly parentId: number | null;
  readonly name: string;
  readonly description: string;
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly attachmentIds: readonly number[];
  /** The suite whose delete took this one to the trash (itself when it was the one deleted); null while live. */
  readonly deletedWith: number | null;
}

/** Every suite of one project, deleted ones included until they are removed from the trash. */
export interface SuiteTreeState {
  readonly suites: ReadonlyMap<number, SuiteNode>;
}

export const initialSuiteTree: SuiteTreeState = { suites: new Map() };

/** A new state with these nodes replaced (copy on write: a cached state is never changed). */
function withNodes(state: SuiteTreeState, nodes: Iterable<SuiteNode>): SuiteTreeState {
  const suites = new Map(state.suites);
  for (const node of nodes) suites.set(node.id, node);
  return { suites };
}

function nodesOf(state: SuiteTreeState, ids: readonly number[]): SuiteNode[] {
  return ids.flatMap((id) => state.suites.get(id) ?? []);
}

export function evolveSuiteTree(state: SuiteTreeState, event: SuiteEvent): SuiteTreeState {
  switch (event.type) {
    case 'SuiteCreated': {
      const { id, parentId, name, description, attributes, attachmentIds = [] } = event.data;
      return withNodes(state, [{ id, parentId, name, description, attributes, attachmentIds, deletedWith: null }]);
    }
    case 'SuiteChanged': {
      const { id, ...changes } = event.data;
      const node = state.suites.get(id);
      if (!node) return state;
      return withNodes(state, [
        {
          ...node,
          name: changes.name ?? node.name,
          description: changes.description ?? node.description,
          attributes: changes.attributes ?? node.attributes,
          attachmentIds: changes.attachmentIds ?? node.attachmentIds,
        },
      ]);
    }
    case 'SuiteMoved': {
      const node = state.suites.get(event.data.id);
      return node ? withNodes(state, [{ ...node, parentId: event.data.parentId }]) : state;
    }
    case 'SuiteDeleted':
      return withNodes(
        state,
        nodesOf(state, event.data.suiteIds).map((node) => ({ ...node, deletedWith: event.data.id })),
      );
    case 'SuiteRecovered':
      return withNodes(
        state,
        nodesOf(state, event.data.suiteIds).map((node) => ({ ...node, deletedWith: null })),
      );
    case 'SuiteRemoved': {
      const suites = new Map(state.suites);
      for (const id of event.data.suiteIds) suites.delete(id);
      return { suites };
    }
  }
}
