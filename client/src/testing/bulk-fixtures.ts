import type { BulkJob } from '../features/bulk-jobs/bulk-job-api.ts';
import type { TestsBulkTarget } from '../features/tests/bulk/tests-bulk-target.ts';

/** What the tests list of plan 3 selected: every test passing "last status Failed" but test 9. */
export function aTarget(given: Partial<TestsBulkTarget> = {}): TestsBulkTarget {
  return {
    projectId: 1,
    planId: 3,
    count: 3,
    selection: { view: 'list', body: { project: 1, current_plan: 3, excluded_tests: [9], filter_conditions: { last_status: '1' } } },
    ...given,
  };
}

/** A job of the signed-in user's in project 1, as `bulk-jobs/` answers it: a result for 2,000 tests, requested at 10:00:00. */
export function aJob(id: number, given: Partial<BulkJob> = {}): BulkJob {
  return {
    id,
    project: 1,
    operation: 'result',
    status: 'running',
    total: 2000,
    done: 0,
    failed_item: null,
    reason: null,
    requested_at: '2026-06-01T10:00:00Z',
    updated_at: '2026-06-01T10:00:00Z',
    ended_at: null,
    summary: null,
    ...given,
  };
}
