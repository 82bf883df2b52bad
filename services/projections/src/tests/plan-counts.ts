import type { ProjectionView } from '../runner/projection.ts';
import type { TestDocument } from './test-document.ts';

/** What a plan holds directly: its live tests and their estimates in seconds, unarchived and archived apart. */
export interface PlanTestCount {
  tests: number;
  estimate: number;
  archivedTests: number;
  archivedEstimate: number;
}

/**
 * `plan_test_counts`: one document per project with each plan's own counts,
 * kept as tests come, move, change case and go, so an unfiltered tree level
 * sums subtrees from here instead of reading every test (D16).
 */
export interface PlanTestCountsDocument {
  [key: string]: unknown;
  _id: number;
  /** By plan id. */
  plans: Record<string, PlanTestCount>;
}

export const PLAN_TEST_COUNTS = 'plan_test_counts';

type Counted = Pick<TestDocument, 'planId' | 'estimate' | 'isArchive' | 'isDeleted'> | undefined;

const sameContribution = (a: Counted, b: Counted) =>
  (a === undefined || a.isDeleted) === (b === undefined || b.isDeleted) && (a === undefined || a.isDeleted || (a.planId === b!.planId && a.estimate === b!.estimate && a.isArchive === b!.isArchive));

/** Moves a test's contribution from what it was to what it is (a deleted or missing test counts nowhere). */
export function recountTest(view: ProjectionView, projectId: number, before: Counted, after: Counted): void {
  if (sameContribution(before, after)) return;
  const stored = view.get<PlanTestCountsDocument>(PLAN_TEST_COUNTS, projectId);
  // Copied once per batch: later events of the batch change the copy in place.
  const counts = stored && view.isUnsaved(stored) ? stored : { _id: projectId, plans: { ...stored?.plans } };
  const add = (test: Counted, sign: 1 | -1) => {
    if (!test || test.isDeleted) return;
    const key = String(test.planId);
    const count = { ...(counts.plans[key] ?? { tests: 0, estimate: 0, archivedTests: 0, archivedEstimate: 0 }) };
    if (test.isArchive) {
      count.archivedTests += sign;
      count.archivedEstimate += sign * (test.estimate ?? 0);
    } else {
      count.tests += sign;
      count.estimate += sign * (test.estimate ?? 0);
    }
    counts.plans[key] = count;
  };
  add(before, -1);
  add(after, 1);
  view.put(PLAN_TEST_COUNTS, counts);
}
