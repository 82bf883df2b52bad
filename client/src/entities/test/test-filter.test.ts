import { describe, expect, it } from 'vitest';
import { withFilter } from '../../components/list/filter-values.ts';
import { EMPTY_TEST_FILTER, testConditions, testFilterCodec, withMe, type TestFilter } from './test-filter.ts';

const testFilterFromQueryString = (query: string) => testFilterCodec.fromParams(new URLSearchParams(query));

const everything: TestFilter = {
  search: ' login ',
  plans: [9, 3],
  suites: [5],
  statuses: [4, null],
  assignees: [null, 2],
  labels: [1],
  notLabels: [6],
  labelsCondition: 'or',
  planStarted: { after: '2026-01-01', before: '2026-01-31' },
  planCreated: { after: '2025-12-01', before: null },
  testCreated: { after: null, before: '2026-02-01' },
  showArchived: true,
};

describe('the tests filter as a query string (tests-and-results §7 "Tests filter fields")', () => {
  it('writes every field under the spec’s names, nulls first and ids in order, and reads them back', () => {
    const query = testFilterCodec.toQueryString(everything);
    expect(query).toBe(
      'name_or_id=login&plans=3%2C9&suites=5&statuses=null%2C4&assignee=null%2C2&labels=1&not_labels=6&labels_condition=or' +
        '&test_plan_started_after=2026-01-01&test_plan_started_before=2026-01-31&test_plan_created_after=2025-12-01&is_archive=true',
    );
    expect(testFilterFromQueryString(query)).toEqual({
      ...everything,
      search: 'login',
      plans: [3, 9],
      statuses: [null, 4],
      testCreated: { after: null, before: null },
    });
  });

  it('writes nothing for the empty filter, and drops what it cannot read', () => {
    expect(testFilterCodec.toQueryString(EMPTY_TEST_FILTER)).toBe('');
    expect(testFilterFromQueryString('statuses=x,3,nul&assignee=me&test_created_after=today')).toEqual({
      ...EMPTY_TEST_FILTER,
      statuses: [3],
    });
  });

  it('replaces the filter in the page’s query and keeps the open test', () => {
    const page = new URLSearchParams('test=12&statuses=1&treeSearch=api');
    expect(withFilter(page, testFilterCodec, { ...EMPTY_TEST_FILTER, assignees: [4] }).toString()).toBe(
      'test=12&treeSearch=api&assignee=4',
    );
  });
});

describe('the filter as the tests lists’ conditions (§3.4, §3.5)', () => {
  it('sends untested and not assigned as the server names them, suites with their sub-suites, whole last days', () => {
    expect(testConditions(everything)).toEqual({
      plan: '3,9',
      suite: '5',
      nested_search: true,
      last_status: 'null,4',
      assignee: '2',
      unassigned: true,
      search: 'login',
      labels: '1',
      not_labels: '6',
      labels_condition: 'or',
      is_archive: true,
      test_plan_started_after: '2026-01-01',
      test_plan_started_before: '2026-01-31T23:59:59',
      test_plan_created_after: '2025-12-01',
    });
    expect(testConditions(EMPTY_TEST_FILTER)).toEqual({});
    expect(testConditions({ ...EMPTY_TEST_FILTER, assignees: [null] })).toEqual({ unassigned: true });
  });

  it('switches Assigned to me on and off among the other assignees', () => {
    const mine = withMe({ ...EMPTY_TEST_FILTER, assignees: [null] }, 7, true);
    expect(mine.assignees).toEqual([null, 7]);
    expect(withMe(mine, 7, false).assignees).toEqual([null]);
    expect(testFilterCodec.toQueryString(withMe(EMPTY_TEST_FILTER, 7, true))).toBe('assignee=7');
  });
});
