import { LIMITS, ValidationError, messages } from '@testament/contracts';
import type { ProjectTree, ProjectTreeNode } from '@testament/projections/trees/project-tree';

/**
 * A copy of a subtree `height` levels high placed under `parentId` (null: as a root) keeps the tree
 * within LIMITS.treeDepth, or a 400 on `field`: asked before a copy writes its first node, since
 * the copy is a command per node and the decider would refuse only the one that goes too deep.
 */
export function requireFitsUnder(tree: ProjectTree<ProjectTreeNode>, parentId: number | null, height: number, field: string): void {
  if ((parentId === null ? 0 : tree.depthOf(parentId)) + height > LIMITS.treeDepth)
    throw ValidationError.of(field, messages.treeTooDeep(LIMITS.treeDepth));
}
