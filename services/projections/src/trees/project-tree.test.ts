import { describe, expect, it } from 'vitest';
import { ProjectTree, projectTreeOf, type ProjectTreeNode } from './project-tree.ts';

class SuiteLike extends ProjectTree<ProjectTreeNode> {}
class PlanLike extends ProjectTree<ProjectTreeNode> {}

const node = (id: number, parentId: number | null): ProjectTreeNode => ({ id, parentId, deleted: false });

describe('project trees', () => {
  it('keep the shapes of a project’s two trees apart, though their shape numbers and sizes agree', () => {
    const store = {};
    // Project 3's suite tree and plan tree: the same shape number and as many nodes, placed differently.
    const suites = { _id: 3, shape: 2, nodes: [node(1, null), node(2, 1)] };
    const plans = { _id: 3, shape: 2, nodes: [node(7, null), node(8, null)] };
    expect(projectTreeOf(suites, store, SuiteLike).pathTo(2).map((found) => found.id)).toEqual([1, 2]);
    const planTree = projectTreeOf(plans, store, PlanLike);
    expect(planTree.pathTo(8).map((found) => found.id)).toEqual([8]);
    expect(planTree.childrenOf(null).map((found) => found.id)).toEqual([7, 8]);
    // A later version of the plans' document with the same shape reuses the plans' shape, not the suites'.
    const renamed = { ...plans, nodes: [...plans.nodes] };
    expect(projectTreeOf(renamed, store, PlanLike).childrenOf(null).map((found) => found.id)).toEqual([7, 8]);
  });
});
