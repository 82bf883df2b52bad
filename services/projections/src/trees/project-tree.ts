/** What every node of a project's tree document has. */
export interface ProjectTreeNode {
  id: number;
  parentId: number | null;
  deleted: boolean;
}

/**
 * One document per project with every node's place (`suite_trees`,
 * `plan_trees`), so a level, a path or a subtree is one document read.
 */
export interface ProjectTreeDocument<N extends ProjectTreeNode> {
  [key: string]: unknown;
  _id: number;
  /** Sorted by id. */
  nodes: N[];
  /**
   * Counts the changes of the tree's shape (nodes added, moved, deleted,
   * recovered, removed); counts and renames leave it. Readers keep what they
   * index of the shape while it stays. Absent in documents stored before it.
   */
  shape?: number;
}

/**
 * Where each node sits: its position in the document's `nodes` and the
 * positions of each node's live children (and of all its children, deleted
 * ones too). Counts and renames replace nodes in their places, so a shape
 * serves every version of the document until the tree's shape changes (a node
 * added, moved, deleted, recovered or removed).
 */
export class TreeShape {
  readonly positionOf = new Map<number, number>();
  readonly children = new Map<number | null, number[]>();
  readonly allChildren = new Map<number | null, number[]>();
  /** Each node's level (a root is 1), worked out as nodes are asked for. */
  private readonly depths = new Map<number, number>();

  constructor(private readonly nodes: readonly ProjectTreeNode[]) {
    nodes.forEach((node, position) => {
      this.positionOf.set(node.id, position);
      push(this.allChildren, node.parentId, position);
      if (!node.deleted) push(this.children, node.parentId, position);
    });
  }

  /** The node's level, a root being 1: each node's is worked out once, from its nearest ancestor already known. */
  depthOf(id: number): number {
    const known = this.depths.get(id);
    if (known !== undefined) return known;
    const unknown: number[] = [];
    let depth = 0;
    for (let at: number | null = id; at !== null; ) {
      const cached = this.depths.get(at);
      if (cached !== undefined) {
        depth = cached;
        break;
      }
      const position = this.positionOf.get(at);
      if (position === undefined) break;
      unknown.push(at);
      at = this.nodes[position]!.parentId;
    }
    for (let index = unknown.length - 1; index >= 0; index--) this.depths.set(unknown[index]!, ++depth);
    return depth;
  }
}

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const values = map.get(key);
  if (values) values.push(value);
  else map.set(key, [value]);
}

/** A project's tree (of suites, of plans) indexed for reading. Every walk costs what it finds, not the tree's depth times its size. */
export class ProjectTree<N extends ProjectTreeNode> {
  constructor(
    readonly nodes: readonly N[],
    private readonly shape = new TreeShape(nodes),
  ) {}

  node(id: number): N | undefined {
    const position = this.shape.positionOf.get(id);
    return position === undefined ? undefined : this.nodes[position];
  }

  /** The live nodes directly under `parentId` (null: the roots). */
  childrenOf(parentId: number | null): readonly N[] {
    return (this.shape.children.get(parentId) ?? []).map((position) => this.nodes[position]!);
  }

  /** From the root down to the node, the node last. */
  pathTo(id: number): N[] {
    const path: N[] = [];
    for (let node = this.node(id); node; node = node.parentId === null ? undefined : this.node(node.parentId)) path.push(node);
    return path.reverse();
  }

  /** The node's level: a root is 1 (0 for a node the tree does not have). */
  depthOf(id: number): number {
    return this.shape.depthOf(id);
  }

  /** Levels from the node down to its deepest live descendant, the node included (1 for a leaf). */
  heightOf(id: number): number {
    const depth = this.depthOf(id);
    return this.descendantsOf(id).reduce((deepest, node) => Math.max(deepest, this.depthOf(node.id) - depth), 0) + 1;
  }

  /** Every node under `id`, deleted ones included (not `id` itself): what a removal from the trash takes. */
  deletedSubtreeOf(id: number): N[] {
    return this.under(id, this.shape.allChildren);
  }

  /** The live nodes under `id` (not `id` itself), parents before children. */
  descendantsOf(id: number | null): N[] {
    return this.under(id, this.shape.children);
  }

  /** The nodes and all their ancestors: each path is walked up only until it meets one already kept. */
  withAncestors(ids: Iterable<number>): Set<number> {
    const kept = new Set<number>();
    for (const id of ids) {
      for (let node = this.node(id); node && !kept.has(node.id); node = node.parentId === null ? undefined : this.node(node.parentId))
        kept.add(node.id);
    }
    return kept;
  }

  /**
   * Each node's own amounts summed over its subtree, for the nodes that have some and their
   * ancestors: deepest first, each node's sum goes once into its parent's, so the cost is the
   * number of nodes summed, however deep they sit.
   */
  sumUp<T>(own: ReadonlyMap<number, T>, zero: T, add: (sum: T, amount: T) => T): Map<number, T> {
    const sums = new Map<number, T>();
    const byDepth: number[][] = [];
    for (const id of this.withAncestors(own.keys())) {
      sums.set(id, own.get(id) ?? zero);
      const depth = this.depthOf(id);
      byDepth[depth] ??= [];
      byDepth[depth].push(id);
    }
    for (let depth = byDepth.length - 1; depth > 1; depth--) {
      for (const id of byDepth[depth] ?? []) {
        const parentId = this.node(id)!.parentId!;
        sums.set(parentId, add(sums.get(parentId)!, sums.get(id)!));
      }
    }
    return sums;
  }

  private under(id: number | null, children: ReadonlyMap<number | null, number[]>): N[] {
    const found: N[] = [];
    for (const position of children.get(id) ?? []) found.push(this.nodes[position]!);
    for (let index = 0; index < found.length; index++)
      for (const position of children.get(found[index]!.id) ?? []) found.push(this.nodes[position]!);
    return found;
  }
}

const indexed = new WeakMap<ProjectTreeDocument<ProjectTreeNode>, ProjectTree<ProjectTreeNode>>();
/**
 * Per read store and kind of tree (a project has a suite tree and a plan tree,
 * which number their shapes each their own way), each project's latest shape
 * by the document's `shape` number.
 */
const shapes = new WeakMap<object, Map<unknown, Map<number, { shape: number; index: TreeShape }>>>();

/**
 * The index of a tree document stored in `store`. Stored documents are
 * replaced, never changed, so it is cached by identity; its shape is reused
 * while the document's `shape` number stays, since most changes change counts or
 * names and not the shape.
 */
export function projectTreeOf<N extends ProjectTreeNode, T extends ProjectTree<N>>(
  document: ProjectTreeDocument<N> | null,
  store: object,
  Tree: new (nodes: readonly N[], shape?: TreeShape) => T,
): T {
  if (!document) return new Tree([]);
  let tree = indexed.get(document) as T | undefined;
  if (!tree) {
    tree = new Tree(document.nodes, shapeOf(document, store, Tree));
    indexed.set(document, tree);
  }
  return tree;
}

function shapeOf(document: ProjectTreeDocument<ProjectTreeNode>, store: object, kind: unknown): TreeShape {
  if (document.shape === undefined) return new TreeShape(document.nodes);
  let kinds = shapes.get(store);
  if (!kinds) {
    kinds = new Map();
    shapes.set(store, kinds);
  }
  let projects = kinds.get(kind);
  if (!projects) {
    projects = new Map();
    kinds.set(kind, projects);
  }
  const known = projects.get(document._id);
  if (known?.shape === document.shape && known.index.positionOf.size === document.nodes.length) return known.index;
  const index = new TreeShape(document.nodes);
  projects.set(document._id, { shape: document.shape, index });
  return index;
}

/** The position of the node with this id in nodes sorted by id, or -1. */
export function indexOfNode(nodes: readonly ProjectTreeNode[], id: number): number {
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
