import type { SuiteTreeDocument, SuiteTreeNode } from './suite-document.ts';

/**
 * Where each suite sits: its position in the document's `nodes` and the
 * positions of each suite's live children. Case counts and renames replace
 * nodes in their places, so a shape serves every version of the document until
 * the tree's shape changes (a suite added, moved, deleted, recovered or removed).
 */
class TreeShape {
  readonly positionOf = new Map<number, number>();
  readonly children = new Map<number | null, number[]>();

  constructor(nodes: readonly SuiteTreeNode[]) {
    nodes.forEach((node, position) => {
      this.positionOf.set(node.id, position);
      if (node.deleted) return;
      const siblings = this.children.get(node.parentId);
      if (siblings) siblings.push(position);
      else this.children.set(node.parentId, [position]);
    });
  }
}

/** A project's suite tree indexed for reading. */
export class SuiteTree {
  constructor(
    readonly nodes: readonly SuiteTreeNode[],
    private readonly shape = new TreeShape(nodes),
  ) {}

  node(id: number): SuiteTreeNode | undefined {
    const position = this.shape.positionOf.get(id);
    return position === undefined ? undefined : this.nodes[position];
  }

  /** The live suites directly under `parentId` (null: the roots). */
  childrenOf(parentId: number | null): readonly SuiteTreeNode[] {
    return (this.shape.children.get(parentId) ?? []).map((position) => this.nodes[position]!);
  }

  /** From the root down to the suite, the suite last. */
  pathTo(id: number): SuiteTreeNode[] {
    const path: SuiteTreeNode[] = [];
    for (let node = this.node(id); node; node = node.parentId === null ? undefined : this.node(node.parentId)) path.push(node);
    return path.reverse();
  }

  /** The names from the root down to the suite, joined with `/` (§2.8 `suite_path`). */
  suitePath(id: number): string {
    return this.pathTo(id)
      .map((node) => node.name)
      .join('/');
  }

  /** Every suite under `id`, deleted ones included (not `id` itself): what a removal from the trash takes. */
  deletedSubtreeOf(id: number): SuiteTreeNode[] {
    const found = this.nodes.filter((node) => node.parentId === id);
    for (let index = 0; index < found.length; index++) found.push(...this.nodes.filter((node) => node.parentId === found[index]!.id));
    return found;
  }

  /** The live suites under `id` (not `id` itself), parents before children. */
  descendantsOf(id: number | null): SuiteTreeNode[] {
    const found = [...this.childrenOf(id)];
    for (let index = 0; index < found.length; index++) found.push(...this.childrenOf(found[index]!.id));
    return found;
  }
}

const indexed = new WeakMap<SuiteTreeDocument, SuiteTree>();
/** Per read store, each project's latest shape by the document's `shape` number (one log numbers its shapes one way). */
const shapes = new WeakMap<object, Map<number, { shape: number; index: TreeShape }>>();

/**
 * The index of a tree document stored in `store`. Stored documents are
 * replaced, never changed, so it is cached by identity; its shape is reused
 * while the document's `shape` number stays, since each new case changes the
 * counts and not the shape.
 */
export function suiteTreeOf(document: SuiteTreeDocument | null, store: object): SuiteTree {
  if (!document) return new SuiteTree([]);
  let tree = indexed.get(document);
  if (!tree) indexed.set(document, (tree = new SuiteTree(document.nodes, shapeOf(document, store))));
  return tree;
}

function shapeOf(document: SuiteTreeDocument, store: object): TreeShape {
  if (document.shape === undefined) return new TreeShape(document.nodes);
  let projects = shapes.get(store);
  if (!projects) shapes.set(store, (projects = new Map()));
  const known = projects.get(document._id);
  if (known?.shape === document.shape && known.index.positionOf.size === document.nodes.length) return known.index;
  const index = new TreeShape(document.nodes);
  projects.set(document._id, { shape: document.shape, index });
  return index;
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
    return sum.descendants === node.descendants && sum.totalCases === node.totalCases && sum.totalEstimate === node.totalEstimate ? node : { ...node, ...sum };
  });
}

function indexOfNode(nodes: readonly SuiteTreeNode[], id: number): number {
  let [low, high] = [0, nodes.length - 1];
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = nodes[middle]!.id;
    if (found === id) return middle;
    if (found < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
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
