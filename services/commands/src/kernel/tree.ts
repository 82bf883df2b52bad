/** A node of a tree kept whole in one aggregate (a project's suites, its plans). */
export interface TreeNode {
  readonly id: number;
  readonly parentId: number | null;
}

/** The node and every node under it, the node first (parents before their children). */
export function subtreeOf<N extends TreeNode>(nodes: ReadonlyMap<number, N>, rootId: number): N[] {
  const children = new Map<number, N[]>();
  for (const node of nodes.values()) {
    if (node.parentId === null) continue;
    const siblings = children.get(node.parentId);
    if (siblings) siblings.push(node);
    else children.set(node.parentId, [node]);
  }
  const root = nodes.get(rootId);
  if (!root) return [];
  const found = [root];
  for (let index = 0; index < found.length; index++) found.push(...(children.get(found[index]!.id) ?? []));
  return found;
}

/** Whether `ancestorId` is `nodeId` itself or above it. */
export function isAtOrAbove(nodes: ReadonlyMap<number, TreeNode>, ancestorId: number, nodeId: number): boolean {
  for (let node = nodes.get(nodeId); node; node = node.parentId === null ? undefined : nodes.get(node.parentId)) {
    if (node.id === ancestorId) return true;
  }
  return false;
}

/** The node's ancestors, nearest first. */
export function ancestorsOf<N extends TreeNode>(nodes: ReadonlyMap<number, N>, nodeId: number): N[] {
  const found: N[] = [];
  for (let parentId = nodes.get(nodeId)?.parentId ?? null; parentId !== null; ) {
    const parent = nodes.get(parentId);
    if (!parent) break;
    found.push(parent);
    parentId = parent.parentId;
  }
  return found;
}
