import {
  NO_LABELS,
  NO_RANGE,
  labelConditions,
  labelEntries,
  labelFilterOf,
  idsOf,
  queryStringOf,
  rangeConditions,
  rangeEntries,
  rangeOf,
  type DateRange,
  type FilterCodec,
  type LabelFilter,
  type LabelsCondition,
} from '../../../components/list/filter-values.ts';

/** The cases filter (§3 "Cases filter"): what the drawer edits, saved filters store and the URL carries. */
export interface CaseFilter extends LabelFilter {
  search: string;
  suites: number[];
  caseCreated: DateRange;
  suiteCreated: DateRange;
  showArchived: boolean;
}

export const EMPTY_FILTER: CaseFilter = {
  search: '',
  suites: [],
  ...NO_LABELS,
  caseCreated: NO_RANGE,
  suiteCreated: NO_RANGE,
  showArchived: false,
};

/** The query keys of each date filter. */
const RANGE_KEYS = { suiteCreated: 'test_suite_created', caseCreated: 'test_case_created' } as const;

/** Reads the filter keys of a query string; anything else in it is left alone, anything malformed is dropped. */
export function filterFromParams(params: URLSearchParams): CaseFilter {
  return {
    search: params.get('name_or_id') ?? '',
    suites: idsOf(params.get('suites')),
    ...labelFilterOf(params),
    caseCreated: rangeOf(params, RANGE_KEYS.caseCreated),
    suiteCreated: rangeOf(params, RANGE_KEYS.suiteCreated),
    showArchived: params.get('is_archive') === 'true',
  };
}

/** The filter's own query string, under the spec's names, in a fixed key order so that equal filters give equal strings. */
export function filterToQueryString(filter: CaseFilter): string {
  return queryStringOf([
    ['name_or_id', filter.search.trim()],
    ['suites', filter.suites.join(',')],
    ...labelEntries(filter),
    ...rangeEntries(RANGE_KEYS.suiteCreated, filter.suiteCreated),
    ...rangeEntries(RANGE_KEYS.caseCreated, filter.caseCreated),
    ['is_archive', filter.showArchived ? 'true' : null],
  ]);
}

export function filterFromQueryString(query: string): CaseFilter {
  return filterFromParams(new URLSearchParams(query));
}

/** The cases filter in the page's query (§3 "Cases filter" names its keys). */
export const caseFilterCodec: FilterCodec<CaseFilter> = {
  keys: [
    'name_or_id',
    'suites',
    'labels',
    'not_labels',
    'labels_condition',
    'test_suite_created_after',
    'test_suite_created_before',
    'test_case_created_after',
    'test_case_created_before',
    'is_archive',
  ],
  fromParams: filterFromParams,
  toQueryString: filterToQueryString,
};

/** `GET cases/` and the bulk updates' `filter_conditions` take the list's own keys (§3.3). */
export interface CaseConditions {
  suite?: string;
  show_descendants?: boolean;
  search?: string;
  labels?: string;
  not_labels?: string;
  labels_condition?: LabelsCondition;
  is_archive?: boolean;
  test_suite_created_after?: string;
  test_suite_created_before?: string;
  test_case_created_after?: string;
  test_case_created_before?: string;
}

/**
 * The filter as the list's conditions: the chosen suites, else the open suite,
 * each with its descendants; the upper date includes its whole day.
 */
export function caseConditions(filter: CaseFilter, suiteId: number | null): CaseConditions {
  const suites = filter.suites.length > 0 ? filter.suites : suiteId === null ? [] : [suiteId];
  return {
    ...(suites.length > 0 ? { suite: suites.join(','), show_descendants: true } : {}),
    ...(filter.search.trim() ? { search: filter.search.trim() } : {}),
    ...labelConditions(filter),
    ...(filter.showArchived ? { is_archive: true } : {}),
    ...rangeConditions(RANGE_KEYS.suiteCreated, filter.suiteCreated),
    ...rangeConditions(RANGE_KEYS.caseCreated, filter.caseCreated),
  };
}
