import type { ProjectTreeDocument, ProjectTreeNode } from '../trees/project-tree.ts';

/** `plans`: one document per plan, deleted ones flagged until removed from the trash. */
export interface PlanDocument {
  [key: string]: unknown;
  _id: number;
  projectId: number;
  parentId: number | null;
  name: string;
  /** The name's key for the tree's natural order (trees/natural-order.ts): levels and lists by name sort by it. */
  sortKey: string;
  description: string;
  startedAt: string;
  dueDate: string;
  finishedAt: string | null;
  attributes: Record<string, unknown>;
  attachmentIds: number[];
  parameterIds: number[];
  isArchive: boolean;
  isDeleted: boolean;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const PLANS = 'plans';

/** One plan in its project's tree: what paths, titles, levels and subtrees need. */
export interface PlanTreeNode extends ProjectTreeNode {
  name: string;
  parameterIds: number[];
  isArchive: boolean;
  startedAt: string;
  createdAt: string;
}

/** `plan_trees`: one document per project with every plan's place. */
export type PlanTreeDocument = ProjectTreeDocument<PlanTreeNode>;

export const PLAN_TREES = 'plan_trees';
