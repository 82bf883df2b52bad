import type { ProjectTreeDocument } from '../trees/project-tree.ts';

/** `suites`: one document per suite, deleted ones flagged until removed from the trash. */
export interface SuiteDocument {
  [key: string]: unknown;
  _id: number;
  projectId: number;
  parentId: number | null;
  name: string;
  /** The name's key for the tree's natural order (trees/natural-order.ts). */
  sortKey: string;
  description: string;
  attributes: Record<string, unknown>;
  attachmentIds: number[];
  isDeleted: boolean;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const SUITES = 'suites';

/**
 * One suite in its project's tree, with what the tree views show about it:
 * its own cases and estimate, and the totals over its subtree, kept by the fold.
 */
export interface SuiteTreeNode {
  id: number;
  parentId: number | null;
  name: string;
  /** The name's key for the tree's natural order (trees/natural-order.ts): levels and pickers list suites by it. */
  sortKey: string;
  createdAt: string;
  deleted: boolean;
  /** Live (not archived, not deleted) cases directly in the suite, and the sum of their estimates in seconds. */
  cases: number;
  estimate: number;
  /** Live suites below it, and cases and estimates over the suite and every live suite below it. */
  descendants: number;
  totalCases: number;
  totalEstimate: number;
}

/**
 * `suite_trees`: one document per project with every suite's place and counts, so a change of counts walks up a few ancestors instead of
 * loading them.
 */
export type SuiteTreeDocument = ProjectTreeDocument<SuiteTreeNode>;

export const SUITE_TREES = 'suite_trees';
