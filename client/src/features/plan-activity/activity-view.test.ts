import { planActivityQuery } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACTIVITY_VIEW,
  activityQuery,
  activityViewCodec,
  cleared,
  filtered,
  isFiltered,
  type ActivityView,
} from './activity-view.ts';

const fromAddress = (query: string) => activityViewCodec.fromParams(new URLSearchParams(query));

describe('the activity view in the address and in the query (cases-and-plans §2, §3.4)', () => {
  it('leaves the defaults out of the address: newest first, every action and status, page 1 of 10', () => {
    expect(activityViewCodec.toQueryString(DEFAULT_ACTIVITY_VIEW)).toBe('');
    expect(fromAddress('')).toEqual(DEFAULT_ACTIVITY_VIEW);
  });

  it('writes readable names in a fixed order, so equal choices give equal addresses', () => {
    const view: ActivityView = {
      newestFirst: false,
      actions: ['deleted', 'added'],
      statuses: [7, 3, 7],
      search: ' alice ',
      page: 3,
      page_size: 100,
    };
    const address = activityViewCodec.toQueryString(view);
    expect(address).toBe('sort=oldest&action=added%2Cdeleted&status=3%2C7&search=alice&page=3&page_size=100');
    expect(fromAddress(address)).toEqual({ ...view, actions: ['added', 'deleted'], statuses: [3, 7], search: 'alice' });
  });

  it('reads what it cannot use as the default: unknown actions, odd page sizes and pages', () => {
    expect(fromAddress('action=added,archived&status=x,4&page=-2&page_size=20')).toEqual({
      ...DEFAULT_ACTIVITY_VIEW,
      actions: ['added'],
      statuses: [4],
    });
  });

  it('asks the server by time, with the actions as history types + ~ -, and nothing for what is not chosen', () => {
    expect(activityQuery(DEFAULT_ACTIVITY_VIEW)).toEqual({ page: '1', page_size: '10', ordering: '-history_date' });
    const query = activityQuery({
      newestFirst: false,
      actions: ['deleted', 'updated', 'added'],
      statuses: [4, 2],
      search: ' bob ',
      page: 2,
      page_size: 500,
    });
    expect(query).toEqual({ page: '2', page_size: '500', ordering: 'history_date', history_type: '+,~,-', status: '2,4', search: 'bob' });
    // The contract reads it as the server will.
    expect(planActivityQuery.parse(query)).toMatchObject({ history_type: ['+', '~', '-'], status: '2,4', ordering: 'history_date' });
  });

  it('starts again at page 1 on a new filter, and Clear keeps only the page size', () => {
    const paged: ActivityView = { ...DEFAULT_ACTIVITY_VIEW, page: 4, page_size: 200 };
    expect(filtered(paged, { actions: ['added'] })).toEqual({ ...paged, actions: ['added'], page: 1 });
    const busy: ActivityView = { newestFirst: false, actions: ['updated'], statuses: [1], search: 'x', page: 2, page_size: 200 };
    expect(isFiltered(busy)).toBe(true);
    expect(cleared(busy)).toEqual({ ...DEFAULT_ACTIVITY_VIEW, page_size: 200 });
    expect(isFiltered(cleared(busy))).toBe(false);
    expect(isFiltered(paged)).toBe(false);
  });
});
