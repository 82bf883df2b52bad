import type { TestFilterQuery } from '@testament/contracts';
import {
  NO_LABELS,
  NO_RANGE,
  idsOf,
  idsOrNullOf,
  labelConditions,
  labelEntries,
  labelFilterOf,
  queryStringOf,
  rangeConditions,
  rangeEntries,
  rangeOf,
  type DateRange,
  type FilterCodec,
  type LabelFilter,
} from '../../components/list/filter-values.ts';

/** The tests filter (tests-and-results §7 "Tests filter fields"): what the drawer edits, saved filters store and the URL carries. */
export interface TestFilter extends LabelFilter {
  search: string;
  plans: number[];
  suites: number[];
  /** Status ids; null for untested. */
  statuses: Array<number | null>;
  /** User ids; null for not assigned (§4). */
  assignees: Array<number | null>;
  planStarted: DateRange;
  planCreated: DateRange;
  testCreated: DateRange;
  showArchived: boolean;
}

export const EMPTY_TEST_FILTER: TestFilter = {
  search: '',
  plans: [],
  suites: [],
  statuses: [],
  assignees: [],
  ...NO_LABELS,
  planStarted: NO_RANGE,
  planCreated: NO_RANGE,
  testCreated: NO_RANGE,
  showArchived: false,
};

/** The query keys of each date filter (the server's `<prefix>_after` and `<prefix>_before`). */
const RANGE_KEYS = { planStarted: 'test_plan_started', planCreated: 'test_plan_created', testCreated: 'test_created' } as const;
const RANGES = ['planStarted', 'planCreated', 'testCreated'] as const;

/** Ids with null (untested, unassigned) first, then ascending: equal choices give equal strings whatever the order of clicks. */
function listOf(values: ReadonlyArray<number | null>): string {
  const ids = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return [...(values.includes(null) ? ['null'] : []), ...ids.map(String)].join(',');
}

function fromParams(params: URLSearchParams): TestFilter {
  return {
    search: params.get('name_or_id') ?? '',
    plans: idsOf(params.get('plans')),
    suites: idsOf(params.get('suites')),
    statuses: idsOrNullOf(params.get('statuses')),
    assignees: idsOrNullOf(params.get('assignee')),
    ...labelFilterOf(params),
    planStarted: rangeOf(params, RANGE_KEYS.planStarted),
    planCreated: rangeOf(params, RANGE_KEYS.planCreated),
    testCreated: rangeOf(params, RANGE_KEYS.testCreated),
    showArchived: params.get('is_archive') === 'true',
  };
}

function toQueryString(filter: TestFilter): string {
  return queryStringOf([
    ['name_or_id', filter.search.trim()],
    ['plans', listOf(filter.plans)],
    ['suites', listOf(filter.suites)],
    ['statuses', listOf(filter.statuses)],
    ['assignee', listOf(filter.assignees)],
    ...labelEntries(filter),
    ...RANGES.flatMap((range) => rangeEntries(RANGE_KEYS[range], filter[range])),
    ['is_archive', filter.showArchived ? 'true' : null],
  ]);
}

/** The tests filter in the page's query, under the spec's names; `assignee` is also what "Assigned to me" sets (cases-and-plans §2). */
export const testFilterCodec: FilterCodec<TestFilter> = {
  keys: [
    'name_or_id',
    'plans',
    'suites',
    'statuses',
    'assignee',
    'labels',
    'not_labels',
    'labels_condition',
    ...RANGES.flatMap((range) => [`${RANGE_KEYS[range]}_after`, `${RANGE_KEYS[range]}_before`]),
    'is_archive',
  ],
  fromParams,
  toQueryString,
};

/** The tests filters as a query sends them: the contract's keys, booleans as booleans, the rest as strings. */
export type TestConditions = { [K in keyof TestFilterQuery]?: Exclude<TestFilterQuery[K], undefined> extends boolean ? boolean : string };

/**
 * The filter as the tests lists' conditions (§3.5, the union view's test
 * filters): chosen suites with their sub-suites, untested and not assigned as
 * the server names them, the upper dates including their whole day.
 */
export function testConditions(filter: TestFilter): TestConditions {
  const assignees = filter.assignees.filter((id) => id !== null);
  return {
    ...(filter.plans.length > 0 ? { plan: listOf(filter.plans) } : {}),
    ...(filter.suites.length > 0 ? { suite: listOf(filter.suites), nested_search: true } : {}),
    ...(filter.statuses.length > 0 ? { last_status: listOf(filter.statuses) } : {}),
    ...(assignees.length > 0 ? { assignee: listOf(assignees) } : {}),
    ...(filter.assignees.includes(null) ? { unassigned: true } : {}),
    ...(filter.search.trim() ? { search: filter.search.trim() } : {}),
    ...labelConditions(filter),
    ...(filter.showArchived ? { is_archive: true } : {}),
    ...Object.assign({}, ...RANGES.map((range) => rangeConditions(RANGE_KEYS[range], filter[range]))),
  };
}

/** "Assigned to me" (§4): on while the current user is among the assignees; switching adds or removes them. */
export function withMe(filter: TestFilter, me: number, on: boolean): TestFilter {
  const others = filter.assignees.filter((id) => id !== me);
  return { ...filter, assignees: on ? [...others, me] : others };
}
