import { describe, expect, it } from 'vitest';
import { withFilter, withNextLabelState, withRangeStart } from '../../../components/list/filter-values.ts';
import {
  EMPTY_FILTER,
  caseConditions,
  caseFilterCodec,
  filterFromQueryString,
  filterToQueryString,
  type CaseFilter,
} from './case-filter.ts';

const everything: CaseFilter = {
  search: ' login ',
  suites: [3, 7],
  labels: [1, 2],
  notLabels: [4],
  labelsCondition: 'or',
  suiteCreated: { after: '2025-12-01', before: '2025-12-31' },
  caseCreated: { after: '2026-01-01', before: '2026-01-31' },
  showArchived: true,
};

describe('the cases filter as a query string (§3 "Cases filter")', () => {
  it('writes every field under the spec’s names and reads them back', () => {
    const query = filterToQueryString(everything);
    expect(query).toBe(
      'name_or_id=login&suites=3%2C7&labels=1%2C2&not_labels=4&labels_condition=or&' +
        'test_suite_created_after=2025-12-01&test_suite_created_before=2025-12-31&' +
        'test_case_created_after=2026-01-01&test_case_created_before=2026-01-31&is_archive=true',
    );
    expect(filterFromQueryString(query)).toEqual({ ...everything, search: 'login' });
  });

  it('writes nothing for the empty filter, and drops what it cannot read', () => {
    expect(filterToQueryString(EMPTY_FILTER)).toBe('');
    expect(filterFromQueryString('labels=x,5&test_case_created_after=soon&labels_condition=maybe&is_archive=1')).toEqual({
      ...EMPTY_FILTER,
      labels: [5],
    });
  });

  it('keeps and/or only with two labels or more, and the upper date only with a lower one (§5)', () => {
    expect(filterToQueryString({ ...EMPTY_FILTER, labels: [1], labelsCondition: 'or' })).toBe('labels=1');
    expect(filterToQueryString({ ...EMPTY_FILTER, labels: [1], notLabels: [2], labelsCondition: 'or' })).toBe(
      'labels=1&not_labels=2&labels_condition=or',
    );
    expect(filterToQueryString({ ...EMPTY_FILTER, caseCreated: { after: null, before: '2026-01-31' } })).toBe('');
  });

  it('replaces the filter in the page’s query and keeps the open case', () => {
    const page = new URLSearchParams('test_case=9&labels=8&name_or_id=old');
    expect(withFilter(page, caseFilterCodec, { ...EMPTY_FILTER, labels: [2] }).toString()).toBe('test_case=9&labels=2');
  });

  it('drops the upper date when the lower one goes or passes it (§5)', () => {
    const range = { after: '2026-01-01', before: '2026-01-05' };
    expect(withRangeStart(range, '2026-01-03').before).toBe('2026-01-05');
    expect(withRangeStart(range, '2026-01-09').before).toBeNull();
    expect(withRangeStart(range, null)).toEqual({ after: null, before: null });
  });

  it('steps a label through included, excluded and unset', () => {
    const included = withNextLabelState(EMPTY_FILTER, 5);
    const excluded = withNextLabelState(included, 5);
    expect([included.labels, included.notLabels]).toEqual([[5], []]);
    expect([excluded.labels, excluded.notLabels]).toEqual([[], [5]]);
    expect(withNextLabelState(excluded, 5)).toEqual(EMPTY_FILTER);
  });
});

describe('the filter as the list’s conditions (§3.3)', () => {
  it('narrows to the open suite and its descendants unless suites are chosen', () => {
    expect(caseConditions(EMPTY_FILTER, 12)).toEqual({ suite: '12', show_descendants: true });
    expect(caseConditions({ ...EMPTY_FILTER, suites: [3, 7] }, 12)).toEqual({ suite: '3,7', show_descendants: true });
    expect(caseConditions(EMPTY_FILTER, null)).toEqual({});
  });

  it('sends the search, labels, archive switch and the whole last day', () => {
    expect(caseConditions(everything, null)).toEqual({
      suite: '3,7',
      show_descendants: true,
      search: 'login',
      labels: '1,2',
      not_labels: '4',
      labels_condition: 'or',
      is_archive: true,
      test_suite_created_after: '2025-12-01',
      test_suite_created_before: '2025-12-31T23:59:59',
      test_case_created_after: '2026-01-01',
      test_case_created_before: '2026-01-31T23:59:59',
    });
  });
});
