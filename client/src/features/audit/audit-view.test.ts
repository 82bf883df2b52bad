import { auditEventsQuery, auditExportQuery } from '@testament/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_AUDIT_VIEW,
  auditEventsQueryOf,
  auditExportQueryOf,
  auditViewCodec,
  cleared,
  filtered,
  isFiltered,
  paged,
  type AuditView,
} from './audit-view.ts';

const fromAddress = (query: string) => auditViewCodec.fromParams(new URLSearchParams(query));
const localZone = process.env.TZ;

afterEach(() => {
  if (localZone === undefined) delete process.env.TZ;
  else process.env.TZ = localZone;
});

describe('the audit view in the address', () => {
  it('leaves the defaults out: newest first, everything, the first page of 50 following the log', () => {
    expect(auditViewCodec.toQueryString(DEFAULT_AUDIT_VIEW)).toBe('');
    expect(fromAddress('')).toEqual(DEFAULT_AUDIT_VIEW);
  });

  it('writes readable names in a fixed order, so equal choices give equal addresses, and reads them back', () => {
    const view: AuditView = {
      newestFirst: false,
      actors: [9, 3, 9],
      objectTypes: ['test', 'case'],
      actions: ['deleted', 'created'],
      eventTypes: ['ResultAdded', 'CaseVersioned'],
      from: '2026-06-01',
      to: '2026-06-03',
      search: ' login ',
      page: 3,
      page_size: 100,
      anchor: 420,
    };
    const address = auditViewCodec.toQueryString(view);
    expect(address).toBe(
      'sort=oldest&actor=3%2C9&object_type=case%2Ctest&action=created%2Cdeleted&event_type=CaseVersioned%2CResultAdded&' +
        'from=2026-06-01&to=2026-06-03&search=login&page=3&page_size=100&anchor=420',
    );
    expect(fromAddress(address)).toEqual({
      ...view,
      actors: [3, 9],
      objectTypes: ['case', 'test'],
      actions: ['created', 'deleted'],
      eventTypes: ['CaseVersioned', 'ResultAdded'],
      search: 'login',
    });
  });

  it('reads what it cannot use as the default: unknown kinds and actions, odd days, sizes, pages and anchors', () => {
    expect(
      fromAddress(
        'object_type=case,planet&action=changed,exploded&event_type=caseVersioned,' +
          '<x>&from=2026-13-45&to=2026-06-01&page=-2&page_size=30&anchor=abc',
      ),
    ).toEqual({
      ...DEFAULT_AUDIT_VIEW,
      objectTypes: ['case'],
      actions: ['changed'],
    });
  });

  it('keeps an anchor only past the first page, and the end of a range only with its start', () => {
    expect(fromAddress('anchor=99')).toEqual(DEFAULT_AUDIT_VIEW);
    expect(fromAddress('page=2&anchor=99')).toMatchObject({ page: 2, anchor: 99 });
    expect(auditViewCodec.toQueryString({ ...DEFAULT_AUDIT_VIEW, to: '2026-06-03' })).toBe('');
  });
});

describe('moving through the audit view', () => {
  it('starts again at the first page, following the log, on a new filter; Clear keeps only the page size', () => {
    const paging: AuditView = { ...DEFAULT_AUDIT_VIEW, page: 4, page_size: 100, anchor: 77 };
    expect(filtered(paging, { actions: ['deleted'] })).toEqual({ ...paging, actions: ['deleted'], page: 1, anchor: null });
    const busy: AuditView = { ...paging, newestFirst: false, actors: [1], search: 'x', from: '2026-06-01' };
    expect(isFiltered(busy)).toBe(true);
    expect(cleared(busy)).toEqual({ ...DEFAULT_AUDIT_VIEW, page_size: 100 });
    expect(isFiltered(cleared(busy))).toBe(false);
    expect(isFiltered(paging)).toBe(false);
  });

  it(
    'anchors further pages to the head the first page answered, keeps ' + 'that anchor while paging, and lets go on page 1 or a new size',
    () => {
      const second = paged(DEFAULT_AUDIT_VIEW, 2, 50, 1200);
      expect(second).toMatchObject({ page: 2, anchor: 1200 });
      // A later head (the log grew) does not move pages already anchored.
      expect(paged(second, 3, 50, 1300)).toMatchObject({ page: 3, anchor: 1200 });
      expect(paged(second, 1, 50, 1300)).toMatchObject({ page: 1, anchor: null });
      expect(paged(second, 2, 100, 1300)).toMatchObject({ page: 1, page_size: 100, anchor: null });
    },
  );
});

describe('the audit view as the server takes it', () => {
  it('asks a project’s events newest first, a page at a time, each bulk job as one row, with nothing for what is not chosen', () => {
    const query = auditEventsQueryOf(DEFAULT_AUDIT_VIEW, 5);
    expect(query).toEqual({ project: '5', ordering: '-position', page: '1', page_size: '50', group: 'jobs' });
    expect(auditEventsQueryOf(DEFAULT_AUDIT_VIEW, null)).toEqual({ ordering: '-position', page: '1', page_size: '50', group: 'jobs' });
  });

  it('lists the events themselves under a filter that picks rows by what they are; by user or day a job stays one row', () => {
    for (const narrowed of [
      { objectTypes: ['test' as const] },
      { actions: ['assigned' as const] },
      { eventTypes: ['TestAssigned'] },
      { search: 'login' },
    ]) {
      expect(auditEventsQueryOf({ ...DEFAULT_AUDIT_VIEW, ...narrowed }, 5).group, JSON.stringify(narrowed)).toBeUndefined();
    }
    expect(auditEventsQueryOf({ ...DEFAULT_AUDIT_VIEW, actors: [3], from: '2026-06-01' }, 5).group).toBe('jobs');
  });

  it('sends lists comma-separated, the reader’s days as instants, and the anchor as position_lte; the contract reads it', () => {
    process.env.TZ = 'Europe/Moscow'; // UTC+3
    const view: AuditView = {
      ...DEFAULT_AUDIT_VIEW,
      newestFirst: false,
      actors: [3, 9],
      objectTypes: ['case'],
      actions: ['changed', 'result_added'],
      eventTypes: ['CaseVersioned'],
      from: '2026-06-01',
      to: '2026-06-03',
      search: 'login',
      page: 2,
      anchor: 420,
    };
    const query = auditEventsQueryOf(view, 1);
    expect(query).toEqual({
      project: '1',
      actor: '3,9',
      object_type: 'case',
      action: 'changed,result_added',
      event_type: 'CaseVersioned',
      since: '2026-05-31T21:00:00.000Z',
      until: '2026-06-03T20:59:59.999Z',
      search: 'login',
      ordering: 'position',
      page: '2',
      page_size: '50',
      position_lte: '420',
    });
    expect(auditEventsQuery.safeParse(query).success).toBe(true);
  });

  it('takes a range of one day as that whole day', () => {
    process.env.TZ = 'UTC';
    expect(auditEventsQueryOf({ ...DEFAULT_AUDIT_VIEW, from: '2026-06-01' }, 1)).toMatchObject({
      since: '2026-06-01T00:00:00.000Z',
      until: '2026-06-01T23:59:59.999Z',
    });
  });

  it('exports what the filters select, every page of it, in the format asked for', () => {
    const view: AuditView = { ...DEFAULT_AUDIT_VIEW, actions: ['deleted'], page: 3, anchor: 10 };
    const query = auditExportQueryOf(view, 1, 'ndjson');
    expect(query).toEqual({ format: 'ndjson', project: '1', action: 'deleted' });
    expect(auditExportQuery.safeParse(query).success).toBe(true);
    expect(auditExportQueryOf(DEFAULT_AUDIT_VIEW, null, 'csv')).toEqual({ format: 'csv' });
  });
});
