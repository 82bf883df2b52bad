import { describe, expect, it } from 'vitest';
import { EMPTY_TEST_FILTER, testConditions } from '../../../entities/test/test-filter.ts';
import { listTarget, treeTarget } from './tests-bulk.ts';

/** Failed or untested tests of two suites (with their sub-suites), archived ones too. */
const conditions = testConditions({ ...EMPTY_TEST_FILTER, statuses: [4, null], suites: [2, 3], showArchived: true });
const filter_conditions = { last_status: 'null,4', suite: '2,3', nested_search: 'true', is_archive: 'true' };

describe('what the table’s selection sends to tests/bulk-update/ (tests-and-results §7)', () => {
  it('sends the ticked tests with the list’s own filters, within the open plan', () => {
    expect(listTarget({ projectId: 1, planId: 7, conditions }, { all: false, ids: [11, 14] }, 25)).toEqual({
      projectId: 1,
      planId: 7,
      count: 2,
      selection: { view: 'list', body: { project: 1, current_plan: 7, filter_conditions, included_tests: [11, 14] } },
    });
  });

  it('after select-all sends the exclusions, counting the filter’s total less them; at the project’s root no plan', () => {
    expect(listTarget({ projectId: 1, planId: null, conditions: {} }, { all: true, excluded: [12, 24] }, 25)).toEqual({
      projectId: 1,
      planId: null,
      count: 23,
      selection: { view: 'list', body: { project: 1, current_plan: null, filter_conditions: {}, excluded_tests: [12, 24] } },
    });
  });
});

describe('what the tree’s ticks send to tests/bulk-update-tree/', () => {
  it('sends whole plans and single tests with the filters, counting the plans’ matching tests', () => {
    expect(treeTarget({ projectId: 1, planId: 7, conditions }, { branches: [8], leaves: [101], count: 3 })).toEqual({
      projectId: 1,
      planId: 7,
      count: 3,
      selection: { view: 'tree', body: { project: 1, filter_conditions, included_plans: [8], included_tests: [101] } },
    });
  });
});
