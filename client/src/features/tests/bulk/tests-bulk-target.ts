import type { TestBulkUpdateBody, TestBulkUpdateTreeBody } from '@testament/contracts';

type ChangeFields = 'is_async' | 'plan_id' | 'assignee_id' | 'is_deleted' | 'result';

/** Which tests a bulk action covers, as `tests/bulk-update/` (list view) or `bulk-update-tree/` (tree view) takes them (§4.11). */
export type TestsSelection =
  | { view: 'list'; body: Omit<TestBulkUpdateBody, ChangeFields> }
  | { view: 'tree'; body: Omit<TestBulkUpdateTreeBody, ChangeFields> };

/** The one change every selected test gets. */
export type TestsChange =
  | { plan_id: number }
  | { assignee_id: number | null }
  | { is_deleted: true }
  | { result: NonNullable<TestBulkUpdateBody['result']> };

/** What a tests view selected for a bulk action: where, how many tests (as the table counts them) and which. */
export interface TestsBulkTarget {
  projectId: number;
  /** The plan the view is open on; null for the project's root. */
  planId: number | null;
  count: number;
  selection: TestsSelection;
}
