import { editNodes, nodeMapFold } from '../kernel/tree.ts';
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

function changeSuites(suites: Map<number, SuiteNode>, event: SuiteEvent): void {
  switch (event.type) {
    case 'SuiteCreated': {
      const { id, parentId, name, description, attributes, attachmentIds = [] } = event.data;
      suites.set(id, { id, parentId, name, description, attributes, attachmentIds, deletedWith: null });
      return;
    }
    case 'SuiteChanged': {
      const { id, ...changes } = event.data;
      editNodes(suites, [id], (node) => ({
        ...node,
        name: changes.name ?? node.name,
        description: changes.description ?? node.description,
        attributes: changes.attributes ?? node.attributes,
        attachmentIds: changes.attachmentIds ?? node.attachmentIds,
      }));
      return;
    }
    case 'SuiteMoved':
      editNodes(suites, [event.data.id], (node) => ({ ...node, parentId: event.data.parentId }));
      return;
    case 'SuiteDeleted':
      editNodes(suites, event.data.suiteIds, (node) => ({ ...node, deletedWith: event.data.id }));
      return;
    case 'SuiteRecovered':
      editNodes(suites, event.data.suiteIds, (node) => ({ ...node, deletedWith: null }));
      return;
    case 'SuiteRemoved':
      for (const id of event.data.suiteIds) suites.delete(id);
      return;
  }
}

/** `evolve` and `evolveAll` of a project's suites (copy on write: a cached state is never changed). */
export const suiteTreeFold = nodeMapFold<SuiteTreeState, SuiteNode, SuiteEvent>(
  (state) => state.suites,
  (suites) => ({ suites }),
  changeSuites,
);
