import { bySortKey } from '../trees/natural-order.ts';
import { ProjectTree, indexOfNode, projectTreeOf } from '../trees/project-tree.ts';
import type { SuiteTreeDocument, SuiteTreeNode } from './suite-document.ts';

/** A project's suite tree indexed for reading. */
export class SuiteTree extends ProjectTree<SuiteTreeNode> {
  /** Each suite's path once made: a list of suites with their paths, or a filter by path over every suite, makes each from its parent's. */
  private readonly paths = new Map<number, string>();

  /** The names from the root down to the suite, joined with `/` (§2.8 `suite_path`). */
  suitePath(id: number): string {
    const known = this.paths.get(id);
    if (known !== undefined) return known;
    const unknown: SuiteTreeNode[] = [];
    let path = '';
    for (let node = this.node(id); node; node = node.parentId === null ? undefined : this.node(node.parentId)) {
      const cached = this.paths.get(node.id);
      if (cached !== undefined) {
        path = cached;
        break;
      }
      unknown.push(node);
    }
    for (let index = unknown.length - 1; index >= 0; index--) {
      path = path === '' ? unknown[index]!.name : `${path}/${unknown[index]!.name}`;
      this.paths.set(unknown[index]!.id, path);
    }
    return path;
  }

  /** The live suites directly under `parentId` in the tree's natural order by name (as a level lists them). */
  childrenByName(parentId: number | null): SuiteTreeNode[] {
    return [...this.childrenOf(parentId)].sort(bySortKey);
  }
}

/** The index of a suite tree document stored in `store` (see projectTreeOf). */
export function suiteTreeOf(document: SuiteTreeDocument | null, store: object): SuiteTree {
  return projectTreeOf(document, store, SuiteTree);
}

/** Sets every node's subtree totals from the nodes' own counts (after a change of the tree's shape). */
export function withTotals(nodes: readonly SuiteTreeNode[]): SuiteTreeNode[] {
  const tree = new SuiteTree(nodes);
  const totals = new Map<number, Pick<SuiteTreeNode, 'descendants' | 'totalCases' | 'totalEstimate'>>();
  // Children before parents: the reverse of a breadth-first walk from the roots.
  for (const node of tree.descendantsOf(null).reverse()) {
    const sum = { descendants: 0, totalCases: node.cases, totalEstimate: node.estimate };
    for (const child of tree.childrenOf(node.id)) {
      const childTotals = totals.get(child.id)!;
      sum.descendants += 1 + childTotals.descendants;
      sum.totalCases += childTotals.totalCases;
      sum.totalEstimate += childTotals.totalEstimate;
    }
    totals.set(node.id, sum);
  }
  return nodes.map((node) => {
    const sum = totals.get(node.id) ?? { descendants: 0, totalCases: node.cases, totalEstimate: node.estimate };
    return sum.descendants === node.descendants && sum.totalCases === node.totalCases && sum.totalEstimate === node.totalEstimate
      ? node
      : { ...node, ...sum };
  });
}

/**
 * Moves a suite's own counts by `cases` and `estimate`, and the totals of the
 * suite and its live ancestors with them (a deleted suite's totals are worked
 * out again when it comes back). Changes `nodes` in place, replacing the
 * touched nodes: the caller hands over an array it may change.
 */
export function countCases(nodes: SuiteTreeNode[], suiteId: number, cases: number, estimate: number): void {
  const at = indexOfNode(nodes, suiteId);
  if (at < 0) return;
  const suite = nodes[at]!;
  nodes[at] = { ...suite, cases: suite.cases + cases, estimate: suite.estimate + estimate };
  for (let index = at; index >= 0; ) {
    const node = nodes[index]!;
    nodes[index] = { ...node, totalCases: node.totalCases + cases, totalEstimate: node.totalEstimate + estimate };
    if (node.deleted || node.parentId === null) break;
    index = indexOfNode(nodes, node.parentId);
  }
}

/** Adds a new, empty suite (ids only grow, so it goes last) and counts it among its ancestors' descendants, in place. */
export function addLeaf(nodes: SuiteTreeNode[], leaf: SuiteTreeNode): void {
  const at = nodes.length > 0 && nodes.at(-1)!.id > leaf.id ? nodes.findIndex((node) => node.id > leaf.id) : nodes.length;
  nodes.splice(at, 0, leaf);
  for (let parentId = leaf.parentId; parentId !== null; ) {
    const index = indexOfNode(nodes, parentId);
    if (index < 0) break;
    const parent = nodes[index]!;
    nodes[index] = { ...parent, descendants: parent.descendants + 1 };
    if (parent.deleted) break;
    parentId = parent.parentId;
  }
}
