import { describe, expect, it } from 'vitest';
import { SuiteTree } from '../suites/tree.ts';
import type { SuiteTreeNode } from '../suites/suite-document.ts';
import { naturalSortKey } from './natural-order.ts';
import { ProjectTree, projectTreeOf, type ProjectTreeNode } from './project-tree.ts';

class SuiteLike extends ProjectTree<ProjectTreeNode> {}
class PlanLike extends ProjectTree<ProjectTreeNode> {}

const node = (id: number, parentId: number | null, deleted = false): ProjectTreeNode => ({ id, parentId, deleted });

/** A tree that counts how often a node is looked up: what a walk costs. */
class CountingTree extends ProjectTree<ProjectTreeNode> {
  lookups = 0;
  override node(id: number) {
    this.lookups++;
    return super.node(id);
  }
}

/** A random forest of `size` nodes (ids 1…size, each under an earlier one or a root), some deleted: seeded, so a failure repeats. */
function randomNodes(seed: number, size: number): ProjectTreeNode[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: size }, (_, index) =>
    node(index + 1, index === 0 || random() < 0.1 ? null : 1 + Math.floor(random() * index), random() < 0.1),
  );
}

/** A chain 1 ─ 2 ─ … ─ length. */
const chain = (length: number) => Array.from({ length }, (_, index) => node(index + 1, index === 0 ? null : index));

describe('project trees', () => {
  it('keep the shapes of a project’s two trees apart, though their shape numbers and sizes agree', () => {
    const store = {};
    // Project 3's suite tree and plan tree: the same shape number and as many nodes, placed differently.
    const suites = { _id: 3, shape: 2, nodes: [node(1, null), node(2, 1)] };
    const plans = { _id: 3, shape: 2, nodes: [node(7, null), node(8, null)] };
    expect(
      projectTreeOf(suites, store, SuiteLike)
        .pathTo(2)
        .map((found) => found.id),
    ).toEqual([1, 2]);
    const planTree = projectTreeOf(plans, store, PlanLike);
    expect(planTree.pathTo(8).map((found) => found.id)).toEqual([8]);
    expect(planTree.childrenOf(null).map((found) => found.id)).toEqual([7, 8]);
    // A later version of the plans' document with the same shape reuses the plans' shape, not the suites'.
    const renamed = { ...plans, nodes: [...plans.nodes] };
    expect(
      projectTreeOf(renamed, store, PlanLike)
        .childrenOf(null)
        .map((found) => found.id),
    ).toEqual([7, 8]);
  });

  it.each([1, 7, 42])('answer as walking each path and scanning for children would, over a random forest (seed %i)', (seed) => {
    const nodes = randomNodes(seed, 300);
    const tree = new SuiteLike(nodes);
    const childrenByScan = (id: number | null, withDeleted: boolean) =>
      nodes.filter((other) => other.parentId === id && (withDeleted || !other.deleted));
    const underByScan = (id: number | null, withDeleted: boolean) => {
      const found = childrenByScan(id, withDeleted);
      for (let index = 0; index < found.length; index++) found.push(...childrenByScan(found[index]!.id, withDeleted));
      return found.map((other) => other.id);
    };
    const own = new Map(nodes.filter((_, index) => index % 3 === 0).map((other) => [other.id, other.id % 5]));
    const sumsByPaths = new Map<number, number>();
    for (const [id, amount] of own)
      for (const onPath of tree.pathTo(id)) sumsByPaths.set(onPath.id, (sumsByPaths.get(onPath.id) ?? 0) + amount);
    expect(tree.sumUp(own, 0, (sum, amount) => sum + amount)).toEqual(sumsByPaths);
    expect(tree.withAncestors(own.keys())).toEqual(new Set(sumsByPaths.keys()));
    for (const { id } of nodes) {
      expect(tree.depthOf(id)).toBe(tree.pathTo(id).length);
      expect(tree.descendantsOf(id).map((other) => other.id)).toEqual(underByScan(id, false));
      expect(tree.deletedSubtreeOf(id).map((other) => other.id)).toEqual(underByScan(id, true));
      const below = underByScan(id, false).map((other) => tree.pathTo(other).length - tree.pathTo(id).length);
      expect(tree.heightOf(id)).toBe(Math.max(0, ...below) + 1);
    }
    expect(tree.descendantsOf(null).map((other) => other.id)).toEqual(underByScan(null, false));
  });

  it('sum up a deep chain, and find its ancestors, in time linear in the nodes, not in depth times nodes', () => {
    const length = 2_000;
    const tree = new CountingTree(chain(length));
    const everyNode = new Map(chain(length).map((link) => [link.id, 1]));
    const sums = tree.sumUp(everyNode, 0, (sum, amount) => sum + amount);
    expect(sums.get(1)).toBe(length);
    expect(sums.get(length)).toBe(1);
    // Walking every node's path would look up about length² / 2 = 2,000,000 nodes.
    expect(tree.lookups).toBeLessThan(4 * length);
    tree.lookups = 0;
    expect(tree.withAncestors(everyNode.keys()).size).toBe(length);
    expect(tree.lookups).toBeLessThan(2 * length);
  });

  it('make each suite path from its parent’s, once per version of the tree', () => {
    const suite = (id: number, parentId: number | null, name: string): SuiteTreeNode => ({
      id,
      parentId,
      name,
      sortKey: naturalSortKey(name),
      createdAt: '',
      deleted: false,
      cases: 0,
      estimate: 0,
      descendants: 0,
      totalCases: 0,
      totalEstimate: 0,
    });
    const length = 2_000;
    const nodes = Array.from({ length }, (_, index) => suite(index + 1, index === 0 ? null : index, `S${index + 1}`));
    const tree = new (class extends SuiteTree {
      lookups = 0;
      override node(id: number) {
        this.lookups++;
        return super.node(id);
      }
    })(nodes);
    expect(tree.suitePath(3)).toBe('S1/S2/S3');
    for (const { id } of nodes) tree.suitePath(id);
    expect(tree.lookups).toBeLessThan(2 * length);
    expect(tree.suitePath(length).split('/')).toHaveLength(length);
    expect(new SuiteTree([suite(1, null, 'Web'), suite(2, 1, 'Login')]).suitePath(2)).toBe('Web/Login');
  });
});
