/** The cases filter (§3 "Cases filter"): what the drawer edits, saved filters store and the URL carries. */
export interface CaseFilter {
  search: string;
  suites: number[];
  labels: number[];
  notLabels: number[];
  labelsCondition: LabelsCondition;
  caseCreated: DateRange;
  suiteCreated: DateRange;
  showArchived: boolean;
}

/** A date filter: days as YYYY-MM-DD (§9); the upper one counts only with a lower one (§5). */
export interface DateRange {
  after: string | null;
  before: string | null;
}

const NO_RANGE: DateRange = { after: null, before: null };

export type LabelsCondition = 'and' | 'or';

export const EMPTY_FILTER: CaseFilter = {
  search: '',
  suites: [],
  labels: [],
  notLabels: [],
  labelsCondition: 'and',
  caseCreated: NO_RANGE,
  suiteCreated: NO_RANGE,
  showArchived: false,
};

/** The filter's keys in a query string, as the spec names them. */
export const FILTER_KEYS = [
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
] as const;

/** The query keys of each date filter. */
const RANGE_KEYS = { suiteCreated: 'test_suite_created', caseCreated: 'test_case_created' } as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function idsOf(value: string | null): number[] {
  return (value ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
}

function dateOf(value: string | null): string | null {
  return value !== null && DATE.test(value) ? value : null;
}

function rangeOf(params: URLSearchParams, key: (typeof RANGE_KEYS)[keyof typeof RANGE_KEYS]): DateRange {
  return { after: dateOf(params.get(`${key}_after`)), before: dateOf(params.get(`${key}_before`)) };
}

/** The and/or switch means something only with two labels or more (§5). */
export function conditionApplies(filter: Pick<CaseFilter, 'labels' | 'notLabels'>): boolean {
  return filter.labels.length + filter.notLabels.length >= 2;
}

/** Reads the filter keys of a query string; anything else in it is left alone, anything malformed is dropped. */
export function filterFromParams(params: URLSearchParams): CaseFilter {
  return {
    search: params.get('name_or_id') ?? '',
    suites: idsOf(params.get('suites')),
    labels: idsOf(params.get('labels')),
    notLabels: idsOf(params.get('not_labels')),
    labelsCondition: params.get('labels_condition') === 'or' ? 'or' : 'and',
    caseCreated: rangeOf(params, RANGE_KEYS.caseCreated),
    suiteCreated: rangeOf(params, RANGE_KEYS.suiteCreated),
    showArchived: params.get('is_archive') === 'true',
  };
}

/** The filter's own query string, in a fixed key order so that equal filters give equal strings. */
export function filterToQueryString(filter: CaseFilter): string {
  const entries: Array<[string, string]> = [];
  const add = (key: (typeof FILTER_KEYS)[number], value: string | null) => {
    if (value) entries.push([key, value]);
  };
  add('name_or_id', filter.search.trim());
  add('suites', filter.suites.join(','));
  add('labels', filter.labels.join(','));
  add('not_labels', filter.notLabels.join(','));
  add('labels_condition', conditionApplies(filter) ? filter.labelsCondition : null);
  for (const range of ['suiteCreated', 'caseCreated'] as const) {
    add(`${RANGE_KEYS[range]}_after`, filter[range].after);
    add(`${RANGE_KEYS[range]}_before`, filter[range].after ? filter[range].before : null);
  }
  add('is_archive', filter.showArchived ? 'true' : null);
  return new URLSearchParams(entries).toString();
}

export function filterFromQueryString(query: string): CaseFilter {
  return filterFromParams(new URLSearchParams(query));
}

/** The page's query with the filter written in, other keys (the open case, say) kept. */
export function withFilter(params: URLSearchParams, filter: CaseFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) next.delete(key);
  for (const [key, value] of new URLSearchParams(filterToQueryString(filter))) next.set(key, value);
  return next;
}

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
  const conditions: CaseConditions = {};
  if (suites.length > 0) Object.assign(conditions, { suite: suites.join(','), show_descendants: true });
  if (filter.search.trim()) conditions.search = filter.search.trim();
  if (filter.labels.length > 0) conditions.labels = filter.labels.join(',');
  if (filter.notLabels.length > 0) conditions.not_labels = filter.notLabels.join(',');
  if (conditionApplies(filter)) conditions.labels_condition = filter.labelsCondition;
  if (filter.showArchived) conditions.is_archive = true;
  for (const range of ['suiteCreated', 'caseCreated'] as const) {
    const { after, before } = filter[range];
    if (after) conditions[`${RANGE_KEYS[range]}_after`] = after;
    if (after && before) conditions[`${RANGE_KEYS[range]}_before`] = `${before}T23:59:59`;
  }
  return conditions;
}

/** A new lower date: the upper one stays only if it is still on or after it, and goes when the lower goes (§5). */
export function withRangeStart(range: DateRange, day: string | null): DateRange {
  const keepsUpper = day !== null && range.before !== null && range.before >= day;
  return { after: day, before: keepsUpper ? range.before : null };
}

/** The three states of a label in the filter (§5): included, excluded, or unset. */
export type LabelState = 'included' | 'excluded' | 'unset';

export function labelState(filter: CaseFilter, labelId: number): LabelState {
  if (filter.labels.includes(labelId)) return 'included';
  return filter.notLabels.includes(labelId) ? 'excluded' : 'unset';
}

/** Clicking a label steps it on: unset → included → excluded → unset. */
export function withNextLabelState(filter: CaseFilter, labelId: number): CaseFilter {
  const state = labelState(filter, labelId);
  const labels = filter.labels.filter((id) => id !== labelId);
  const notLabels = filter.notLabels.filter((id) => id !== labelId);
  if (state === 'unset') labels.push(labelId);
  if (state === 'included') notLabels.push(labelId);
  return { ...filter, labels, notLabels };
}
