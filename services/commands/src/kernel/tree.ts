import { LIMITS, ValidationError, messages } from '@testament/contracts';

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

/**
 * Levels from the node down to its deepest descendant that `counts` keeps (parents kept with their children), the node included: 1 for a
 * leaf.
 */
export function heightOf<N extends TreeNode>(
  nodes: ReadonlyMap<number, N>,
  rootId: number,
  counts: (node: N) => boolean = () => true,
): number {
  const levels = new Map<number, number>([[rootId, 1]]);
  let height = 1;
  for (const node of subtreeOf(nodes, rootId).slice(1)) {
    const level = levels.get(node.parentId!);
    if (level === undefined || !counts(node)) continue;
    levels.set(node.id, level + 1);
    height = Math.max(height, level + 1);
  }
  return height;
}

/** Refuses a subtree `height` levels high under `parentId` (null: as a root) when the tree would get deeper than LIMITS.treeDepth. */
export function requireDepth(nodes: ReadonlyMap<number, TreeNode>, parentId: number | null, height: number, field = 'parent'): void {
  const parentDepth = parentId === null || !nodes.has(parentId) ? 0 : ancestorsOf(nodes, parentId).length + 1;
  if (parentDepth + height > LIMITS.treeDepth) throw ValidationError.of(field, messages.treeTooDeep(LIMITS.treeDepth));
}

/**
 * `evolve` and `evolveAll` of a state that is one map of nodes (a project's suites, its plans), from `change`, which edits a map the
 * fold owns: one event copies the map once (a cached state is never changed), and a stream folded whole copies it once in all. Copying
 * per event made a cold load of a project's thousand plans copy a thousand maps (24 ms of a plan's creation after a start).
 */
export function nodeMapFold<State, Node, Event>(
  nodesOf: (state: State) => ReadonlyMap<number, Node>,
  stateOf: (nodes: ReadonlyMap<number, Node>) => State,
  change: (nodes: Map<number, Node>, event: Event) => void,
): {
  evolve(state: State, event: Event): State;
  evolveAll(state: State, events: readonly Event[]): State;
  draft(state: State): NodeMapDraft<State, Event>;
} {
  const draft = (state: State): NodeMapDraft<State, Event> => {
    const nodes = new Map(nodesOf(state));
    return {
      state: stateOf(nodes),
      apply: (events) => {
        for (const event of events) change(nodes, event);
      },
    };
  };
  const evolveAll = (state: State, events: readonly Event[]): State => {
    if (events.length === 0) return state;
    const evolved = draft(state);
    evolved.apply(events);
    return evolved.state;
  };
  return { evolve: (state, event) => evolveAll(state, [event]), evolveAll, draft };
}

/**
 * A copy of a state that one decision changes as it goes: a decision that makes many nodes in turn, each of which must see those
 * before it (an import's folders), copies the map once rather than once per node. Its `state` is live: `apply` changes it.
 */
export interface NodeMapDraft<State, Event> {
  readonly state: State;
  apply(events: readonly Event[]): void;
}

/** Replaces each of these nodes, where the map has it, by `edit` of it. */
export function editNodes<Node>(nodes: Map<number, Node>, ids: readonly number[], edit: (node: Node) => Node): void {
  for (const id of ids) {
    const node = nodes.get(id);
    if (node) nodes.set(id, edit(node));
  }
}
