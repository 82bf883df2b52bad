import {
  AUDIT_ACTIONS,
  AUDIT_OBJECT_TYPES,
  type AuditAction,
  type AuditObjectType,
  type auditEventsQuery,
  type auditExportQuery,
} from '@testament/contracts';
import type { z } from 'zod';
import type { PageQuery } from '../../api/paginated.ts';
import { idsOf, queryStringOf, type FilterCodec } from '../../components/list/filter-values.ts';

export type AuditEventsQuery = z.input<typeof auditEventsQuery>;
export type AuditExportQuery = z.input<typeof auditExportQuery>;
export type AuditExportFormat = NonNullable<AuditExportQuery['format']>;

/** Page sizes the audit timeline offers; the server takes up to 1,000. */
export const AUDIT_PAGE_SIZES = [20, 50, 100, 500] as const;

/** What the audit page shows, kept in its address so a link or a reload shows the same events. */
export interface AuditView extends PageQuery {
  newestFirst: boolean;
  actors: number[];
  objectTypes: AuditObjectType[];
  actions: AuditAction[];
  /** Event types of the log, such as `CaseVersioned`. */
  eventTypes: string[];
  /** The reader's calendar days (YYYY-MM-DD), both included; `to` counts only with `from`. */
  from: string | null;
  to: string | null;
  /** Text in the object's name or the actor's username. */
  search: string;
  /**
   * The position the pages are anchored to (`position_lte`): the head the first page answered,
   * so further pages stay the same while new events arrive. Page 1 has none and follows the log.
   */
  anchor: number | null;
}

const FIRST_AUDIT_PAGE: PageQuery = { page: 1, page_size: 50 };
export const DEFAULT_AUDIT_VIEW: AuditView = {
  newestFirst: true,
  actors: [],
  objectTypes: [],
  actions: [],
  eventTypes: [],
  from: null,
  to: null,
  search: '',
  anchor: null,
  ...FIRST_AUDIT_PAGE,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const EVENT_TYPE = /^[A-Z][A-Za-z0-9]*$/;

const listOf = (value: string | null) => (value ?? '').split(',').map((part) => part.trim());
const dayOf = (value: string | null) => (value !== null && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : null);

function pageSizeOf(value: string | null): number {
  const size = Number(value);
  return (AUDIT_PAGE_SIZES as readonly number[]).includes(size) ? size : FIRST_AUDIT_PAGE.page_size;
}

function positiveOf(value: string | null): number | null {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : null;
}

/** Choices in a fixed order (the contract's for types and actions, ascending for the rest), so equal choices give equal addresses. */
function normalized(view: AuditView): AuditView {
  const page = Math.max(view.page, 1);
  return {
    ...view,
    actors: [...new Set(view.actors)].sort((a, b) => a - b),
    objectTypes: AUDIT_OBJECT_TYPES.filter((type) => view.objectTypes.includes(type)),
    actions: AUDIT_ACTIONS.filter((action) => view.actions.includes(action)),
    eventTypes: [...new Set(view.eventTypes.filter((type) => EVENT_TYPE.test(type)))].sort(),
    to: view.from ? view.to : null,
    search: view.search.trim(),
    page,
    // The first page follows the log; only further pages hold on to where they started.
    anchor: page > 1 ? view.anchor : null,
  };
}

function fromParams(params: URLSearchParams): AuditView {
  const objectTypes = listOf(params.get('object_type'));
  const actions = listOf(params.get('action'));
  return normalized({
    newestFirst: params.get('sort') !== 'oldest',
    actors: idsOf(params.get('actor')),
    objectTypes: AUDIT_OBJECT_TYPES.filter((type) => objectTypes.includes(type)),
    actions: AUDIT_ACTIONS.filter((action) => actions.includes(action)),
    eventTypes: listOf(params.get('event_type')).filter((type) => type !== ''),
    from: dayOf(params.get('from')),
    to: dayOf(params.get('to')),
    search: params.get('search') ?? '',
    page: positiveOf(params.get('page')) ?? 1,
    page_size: pageSizeOf(params.get('page_size')),
    anchor: positiveOf(params.get('anchor')),
  });
}

/** Readable names in the address (`action=changed,deleted`, `from=2026-06-01`); what is at its default is left out. */
function toQueryString(view: AuditView): string {
  const { newestFirst, actors, objectTypes, actions, eventTypes, from, to, search, page, page_size, anchor } = normalized(view);
  return queryStringOf([
    ['sort', newestFirst ? null : 'oldest'],
    ['actor', actors.join(',')],
    ['object_type', objectTypes.join(',')],
    ['action', actions.join(',')],
    ['event_type', eventTypes.join(',')],
    ['from', from],
    ['to', to],
    ['search', search],
    ['page', page > 1 ? String(page) : null],
    ['page_size', page_size !== FIRST_AUDIT_PAGE.page_size ? String(page_size) : null],
    ['anchor', anchor === null ? null : String(anchor)],
  ]);
}

export const auditViewCodec: FilterCodec<AuditView> = {
  keys: ['sort', 'actor', 'object_type', 'action', 'event_type', 'from', 'to', 'search', 'page', 'page_size', 'anchor'],
  fromParams,
  toQueryString,
};

type Filters = Omit<AuditView, keyof PageQuery | 'anchor'>;

/** A new filter starts again at the first page, of the same size, following the log. */
export function filtered(view: AuditView, filter: Partial<Filters>): AuditView {
  return { ...view, ...filter, page: 1, anchor: null };
}

/** Clear: everything back to its default but the page size the reader chose. */
export function cleared(view: AuditView): AuditView {
  return { ...DEFAULT_AUDIT_VIEW, page_size: view.page_size };
}

/** Whether a filter or the order differs from the default, so there is something to clear. */
export function isFiltered(view: AuditView): boolean {
  return toQueryString(cleared(view)) !== toQueryString({ ...view, page: 1 });
}

/**
 * Another page: from the first, the pages hold on to the head it answered (`position_lte`),
 * so paging on while events arrive neither repeats nor skips a row; back on the first, the
 * timeline follows the log again. A new page size starts again at the first page.
 */
export function paged(view: AuditView, page: number, pageSize: number, head: number | null): AuditView {
  if (pageSize !== view.page_size) return { ...view, page: 1, page_size: pageSize, anchor: null };
  if (page <= 1) return { ...view, page: 1, anchor: null };
  return { ...view, page, anchor: view.anchor ?? head };
}

/** The reader's day's first and last instants as ISO times, as `since` and `until` take them. */
export function dayStart(day: string): string {
  return new Date(`${day}T00:00:00`).toISOString();
}

export function dayEnd(day: string): string {
  return new Date(`${day}T23:59:59.999`).toISOString();
}

/** The filters as every audit read takes them (the list and the export): lists comma-separated, days as instants. */
function filterQuery(view: AuditView, projectId: number | null): AuditExportQuery {
  const { actors, objectTypes, actions, eventTypes, from, to, search } = normalized(view);
  const until = to ?? from;
  return {
    ...(projectId === null ? {} : { project: String(projectId) }),
    ...(actors.length > 0 ? { actor: actors.join(',') } : {}),
    ...(objectTypes.length > 0 ? { object_type: objectTypes.join(',') } : {}),
    ...(actions.length > 0 ? { action: actions.join(',') } : {}),
    ...(eventTypes.length > 0 ? { event_type: eventTypes.join(',') } : {}),
    ...(from ? { since: dayStart(from) } : {}),
    ...(from && until ? { until: dayEnd(until) } : {}),
    ...(search ? { search } : {}),
  };
}

/**
 * Whether the timeline shows each bulk job as one row (`group=jobs`): unless a filter picks rows by
 * what they are (object, action, event type, text), which then lists the matching events themselves.
 */
export function showsJobsAsOneRow(view: AuditView): boolean {
  return view.objectTypes.length === 0 && view.actions.length === 0 && view.eventTypes.length === 0 && view.search.trim() === '';
}

/** The view as `audit/events/` takes it: a project's (or, null, the whole system's) events, ordered by position. */
export function auditEventsQueryOf(view: AuditView, projectId: number | null): AuditEventsQuery {
  const { newestFirst, page, page_size, anchor } = normalized(view);
  return {
    ...filterQuery(view, projectId),
    ordering: newestFirst ? '-position' : 'position',
    page: String(page),
    page_size: String(page_size),
    ...(anchor === null ? {} : { position_lte: String(anchor) }),
    ...(showsJobsAsOneRow(view) ? { group: 'jobs' as const } : {}),
  };
}

/** The export of what the filters select (every page), as `audit/export/` takes it. */
export function auditExportQueryOf(view: AuditView, projectId: number | null, format: AuditExportFormat): AuditExportQuery {
  return { format, ...filterQuery(view, projectId) };
}
