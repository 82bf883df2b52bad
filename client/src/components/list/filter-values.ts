/**
 * The pieces the list filters share (tests-and-results §2 "Filter drawers"):
 * label filters with an and/or condition, date ranges, and how they are
 * written to and read from a query string.
 */

/** A date filter: days as YYYY-MM-DD (§9); the upper one counts only with a lower one (§5). */
export interface DateRange {
  after: string | null;
  before: string | null;
}

export const NO_RANGE: DateRange = { after: null, before: null };

export type LabelsCondition = 'and' | 'or';

/** The labels part of a filter (§4.16): labels it must have, labels it must lack, and how they combine. */
export interface LabelFilter {
  labels: number[];
  notLabels: number[];
  labelsCondition: LabelsCondition;
}

export const NO_LABELS: LabelFilter = { labels: [], notLabels: [], labelsCondition: 'and' };

/** A query string's entries in order; empty values are left out. */
export type QueryEntries = Array<[string, string | null]>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function idsOf(value: string | null): number[] {
  return (value ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** Ids, and the literal `null` (untested, unassigned) as null. */
export function idsOrNullOf(value: string | null): Array<number | null> {
  const parts = (value ?? '').split(',');
  return [...(parts.includes('null') ? [null] : []), ...idsOf(value)];
}

function dateOf(value: string | null): string | null {
  return value !== null && DATE.test(value) ? value : null;
}

/** A date range kept under `<prefix>_after` and `<prefix>_before` (§2.6). */
export function rangeOf(params: URLSearchParams, prefix: string): DateRange {
  return { after: dateOf(params.get(`${prefix}_after`)), before: dateOf(params.get(`${prefix}_before`)) };
}

export function rangeEntries(prefix: string, range: DateRange): QueryEntries {
  return [
    [`${prefix}_after`, range.after],
    [`${prefix}_before`, range.after ? range.before : null],
  ];
}

/** The range as a list's conditions: the upper date includes its whole day. */
export function rangeConditions(prefix: string, { after, before }: DateRange): Record<string, string> {
  if (!after) return {};
  return before ? { [`${prefix}_after`]: after, [`${prefix}_before`]: `${before}T23:59:59` } : { [`${prefix}_after`]: after };
}

/** A new lower date: the upper one stays only if it is still on or after it, and goes when the lower goes (§5). */
export function withRangeStart(range: DateRange, day: string | null): DateRange {
  const keepsUpper = day !== null && range.before !== null && range.before >= day;
  return { after: day, before: keepsUpper ? range.before : null };
}

/** The and/or switch means something only with two labels or more (§5). */
export function conditionApplies(filter: Pick<LabelFilter, 'labels' | 'notLabels'>): boolean {
  return filter.labels.length + filter.notLabels.length >= 2;
}

export function labelFilterOf(params: URLSearchParams): LabelFilter {
  return {
    labels: idsOf(params.get('labels')),
    notLabels: idsOf(params.get('not_labels')),
    labelsCondition: params.get('labels_condition') === 'or' ? 'or' : 'and',
  };
}

export function labelEntries(filter: LabelFilter): QueryEntries {
  return [
    ['labels', filter.labels.join(',')],
    ['not_labels', filter.notLabels.join(',')],
    ['labels_condition', conditionApplies(filter) ? filter.labelsCondition : null],
  ];
}

/** The labels as a list's conditions (§4.16), only what is set. */
export function labelConditions(filter: LabelFilter): { labels?: string; not_labels?: string; labels_condition?: LabelsCondition } {
  return {
    ...(filter.labels.length > 0 ? { labels: filter.labels.join(',') } : {}),
    ...(filter.notLabels.length > 0 ? { not_labels: filter.notLabels.join(',') } : {}),
    ...(conditionApplies(filter) ? { labels_condition: filter.labelsCondition } : {}),
  };
}

/** Entries as a query string, the empty ones left out: a fixed order makes equal filters equal strings. */
export function queryStringOf(entries: QueryEntries): string {
  return new URLSearchParams(entries.filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
}

/** The three states of a label in the filter (§5): included, excluded, or unset. */
export type LabelState = 'included' | 'excluded' | 'unset';

export function labelState(filter: LabelFilter, labelId: number): LabelState {
  if (filter.labels.includes(labelId)) return 'included';
  return filter.notLabels.includes(labelId) ? 'excluded' : 'unset';
}

/** Clicking a label steps it on: unset → included → excluded → unset. */
export function withNextLabelState<F extends LabelFilter>(filter: F, labelId: number): F {
  const state = labelState(filter, labelId);
  const labels = filter.labels.filter((id) => id !== labelId);
  const notLabels = filter.notLabels.filter((id) => id !== labelId);
  if (state === 'unset') labels.push(labelId);
  if (state === 'included') notLabels.push(labelId);
  return { ...filter, labels, notLabels };
}

/** How a filter travels in the page's query: its keys, and how it is read and written. */
export interface FilterCodec<F> {
  keys: readonly string[];
  fromParams(params: URLSearchParams): F;
  /** The filter's own query string, in a fixed key order so that equal filters give equal strings. */
  toQueryString(filter: F): string;
}

/** The page's query with the filter written in, other keys (the open case or test, say) kept. */
export function withFilter<F>(params: URLSearchParams, codec: FilterCodec<F>, filter: F): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of codec.keys) next.delete(key);
  for (const [key, value] of new URLSearchParams(codec.toQueryString(filter))) next.set(key, value);
  return next;
}

/** A saved or linked query string, read and written again: strings from elsewhere (TestY, an older version) compare as filters. */
export function normalizedQuery<F>(codec: FilterCodec<F>, query: string): string {
  return codec.toQueryString(codec.fromParams(new URLSearchParams(query)));
}
