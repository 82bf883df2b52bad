import { ACTIVITY_ACTIONS, ACTIVITY_PAGE_SIZES, type ActivityItem, type ActivityType, type planActivityQuery } from '@testament/contracts';
import type { z } from 'zod';
import type { PageQuery } from '../../api/paginated.ts';
import { idsOf, queryStringOf, type FilterCodec } from '../../components/list/filter-values.ts';

export type ActivityAction = ActivityItem['action'];
export type ActivityQuery = z.input<typeof planActivityQuery>;

/** The actions in the spec's order, each with the `history_type` the server filters by (§3.4). */
const ACTION_TYPES = Object.entries(ACTIVITY_ACTIONS) as Array<[ActivityType, ActivityAction]>;
export const ACTIVITY_ACTION_NAMES: readonly ActivityAction[] = ACTION_TYPES.map(([, action]) => action);

/** What the activity page shows (cases-and-plans §2 "Plan activity page"), kept in its address so a link or a reload keeps it. */
export interface ActivityView extends PageQuery {
  newestFirst: boolean;
  actions: ActivityAction[];
  statuses: number[];
  /** A test's or a user's name. */
  search: string;
}

const FIRST_ACTIVITY_PAGE: PageQuery = { page: 1, page_size: ACTIVITY_PAGE_SIZES[0] };
export const DEFAULT_ACTIVITY_VIEW: ActivityView = { newestFirst: true, actions: [], statuses: [], search: '', ...FIRST_ACTIVITY_PAGE };

function pageSizeOf(value: string | null): number {
  const size = Number(value);
  return (ACTIVITY_PAGE_SIZES as readonly number[]).includes(size) ? size : FIRST_ACTIVITY_PAGE.page_size;
}

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** Actions in the spec's order and statuses ascending: equal choices give equal addresses whatever the order of clicks. */
function normalized(view: ActivityView): ActivityView {
  return {
    ...view,
    actions: ACTIVITY_ACTION_NAMES.filter((action) => view.actions.includes(action)),
    statuses: [...new Set(view.statuses)].sort((a, b) => a - b),
  };
}

function fromParams(params: URLSearchParams): ActivityView {
  const actions = (params.get('action') ?? '').split(',');
  return normalized({
    newestFirst: params.get('sort') !== 'oldest',
    actions: ACTIVITY_ACTION_NAMES.filter((action) => actions.includes(action)),
    statuses: idsOf(params.get('status')),
    search: params.get('search') ?? '',
    page: pageOf(params.get('page')),
    page_size: pageSizeOf(params.get('page_size')),
  });
}

/** Readable names in the address (`action=added,deleted`, `sort=oldest`); what is at its default is left out. */
function toQueryString(view: ActivityView): string {
  const { newestFirst, actions, statuses, search, page, page_size } = normalized(view);
  return queryStringOf([
    ['sort', newestFirst ? null : 'oldest'],
    ['action', actions.join(',')],
    ['status', statuses.join(',')],
    ['search', search.trim()],
    ['page', page > 1 ? String(page) : null],
    ['page_size', page_size !== FIRST_ACTIVITY_PAGE.page_size ? String(page_size) : null],
  ]);
}

export const activityViewCodec: FilterCodec<ActivityView> = {
  keys: ['sort', 'action', 'status', 'search', 'page', 'page_size'],
  fromParams,
  toQueryString,
};

/** A new filter starts again at the first page, of the same size (§9). */
export function filtered(view: ActivityView, filter: Partial<Omit<ActivityView, keyof PageQuery>>): ActivityView {
  return { ...view, ...filter, page: 1 };
}

/** Clear filters and sorters: everything back to its default but the page size the reader chose. */
export function cleared(view: ActivityView): ActivityView {
  return { ...DEFAULT_ACTIVITY_VIEW, page_size: view.page_size };
}

/** Whether a filter or the order differs from the default, so there is something to clear. */
export function isFiltered(view: ActivityView): boolean {
  return toQueryString(cleared(view)) !== toQueryString({ ...view, page: 1 });
}

/** The view as `testplans/{id}/activity/` takes it (§3.4): `history_type` as `+`, `~`, `-`, ordered by time. */
export function activityQuery(view: ActivityView): ActivityQuery {
  const { newestFirst, actions, statuses, search, page, page_size } = normalized(view);
  const historyTypes = ACTION_TYPES.filter(([, action]) => actions.includes(action)).map(([type]) => type);
  return {
    page: String(page),
    page_size: String(page_size),
    ordering: newestFirst ? '-history_date' : 'history_date',
    ...(historyTypes.length > 0 ? { history_type: historyTypes.join(',') } : {}),
    ...(statuses.length > 0 ? { status: statuses.join(',') } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
  };
}
