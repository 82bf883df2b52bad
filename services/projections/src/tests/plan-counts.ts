import type { ProjectionView } from '../runner/projection.ts';
import { writable } from '../runner/writable.ts';
import type { TestDocument } from './test-document.ts';

/** Tests of one last status: how many, their estimates' sum in seconds, and how many have no estimate. */
export interface StatusTally {
  tests: number;
  estimate: number;
  unestimated: number;
}

/** A last status as a key of `statuses`: its id, or `untested`. */
export const statusKey = (status: number | null): string => (status === null ? UNTESTED_KEY : String(status));
export const UNTESTED_KEY = 'untested';

/**
 * What a plan holds directly: its live tests and their estimates in seconds, unarchived and archived apart, and the same by last status.
 */
export interface PlanTestCount {
  tests: number;
  estimate: number;
  archivedTests: number;
  archivedEstimate: number;
  statuses: Record<string, StatusTally>;
  archivedStatuses: Record<string, StatusTally>;
}

/**
 * `plan_test_counts`: one document per plan with what it holds directly, kept as
 * tests come, move, change case, get results and go, so an unfiltered tree level,
 * statistics chart or progress row sums plans instead of reading every test (D16).
 * One per plan rather than one per project: a batch copies the counts of the plans
 * it changes, not a map of every plan of the project (with 1,000 plans that copy
 * was an eighth of what outlived young collections while results were recorded).
 */
export interface PlanTestCountDocument extends PlanTestCount {
  [key: string]: unknown;
  /** The plan's id. */
  _id: number;
  projectId: number;
}

export const PLAN_TEST_COUNTS = 'plan_test_counts';

type Counted = Pick<TestDocument, 'planId' | 'estimate' | 'isArchive' | 'isDeleted' | 'lastStatus'> | undefined;

const counts = (test: Counted): test is NonNullable<Counted> => test !== undefined && !test.isDeleted;
const sameContribution = (a: Counted, b: Counted) =>
  counts(a) === counts(b) &&
  (!counts(a) || (a.planId === b!.planId && a.estimate === b!.estimate && a.isArchive === b!.isArchive && a.lastStatus === b!.lastStatus));

const emptyTally = (): StatusTally => ({ tests: 0, estimate: 0, unestimated: 0 });

/** Counts a test into a tally (out of it with `sign` -1), in place. */
function addTest(tally: StatusTally, test: Pick<TestDocument, 'estimate'>, sign: 1 | -1): void {
  tally.tests += sign;
  tally.estimate += sign * (test.estimate ?? 0);
  if (!test.estimate) tally.unestimated += sign;
}

/** Counts a test into its status's tally of a map the batch owns; a tally that reaches no tests goes. */
function countIn(tallies: Record<string, StatusTally>, test: NonNullable<Counted>, sign: 1 | -1): void {
  const key = statusKey(test.lastStatus);
  tallies[key] ??= emptyTally();
  const tally = tallies[key];
  addTest(tally, test, sign);
  if (tally.tests === 0) delete tallies[key];
}

const copyTallies = (tallies: Record<string, StatusTally>) => {
  const copy: Record<string, StatusTally> = {};
  for (const key in tallies) copy[key] = { ...tallies[key]! };
  return copy;
};

/** A plan's counts, deep, for the batch to change in place. */
const copyCount = (stored: PlanTestCountDocument): PlanTestCountDocument => ({
  ...stored,
  statuses: copyTallies(stored.statuses),
  archivedStatuses: copyTallies(stored.archivedStatuses),
});

/** Counts a test into its plan (out of it with `sign` -1). */
function countInPlan(view: ProjectionView, projectId: number, test: NonNullable<Counted>, sign: 1 | -1): void {
  const count = writable<PlanTestCountDocument>(view, PLAN_TEST_COUNTS, test.planId, copyCount, () => ({
    _id: test.planId,
    projectId,
    tests: 0,
    estimate: 0,
    archivedTests: 0,
    archivedEstimate: 0,
    statuses: {},
    archivedStatuses: {},
  }));
  if (test.isArchive) {
    count.archivedTests += sign;
    count.archivedEstimate += sign * (test.estimate ?? 0);
    countIn(count.archivedStatuses, test, sign);
  } else {
    count.tests += sign;
    count.estimate += sign * (test.estimate ?? 0);
    countIn(count.statuses, test, sign);
  }
}

/** Moves a test's contribution from what it was to what it is (a deleted or missing test counts nowhere). */
export function recountTest(view: ProjectionView, projectId: number, before: Counted, after: Counted): void {
  if (sameContribution(before, after)) return;
  if (counts(before)) countInPlan(view, projectId, before, -1);
  if (counts(after)) countInPlan(view, projectId, after, 1);
}

/** The tallies by last status of the tests held directly by these plans (archived ones too with `includeArchived`). */
export function sumStatusTallies(
  counts: ReadonlyMap<number, Pick<PlanTestCount, 'statuses' | 'archivedStatuses'>>,
  planIds: Iterable<number>,
  includeArchived: boolean,
): Map<string, StatusTally> {
  const sums = new Map<string, StatusTally>();
  const add = (tallies: Record<string, StatusTally>) => {
    for (const key in tallies) {
      const tally = tallies[key]!;
      const sum = sums.get(key);
      if (!sum) sums.set(key, { ...tally });
      else {
        sum.tests += tally.tests;
        sum.estimate += tally.estimate;
        sum.unestimated += tally.unestimated;
      }
    }
  };
  for (const planId of planIds) {
    const count = counts.get(planId);
    if (!count) continue;
    add(count.statuses);
    if (includeArchived) add(count.archivedStatuses);
  }
  return sums;
}
