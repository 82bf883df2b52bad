import type { ActivityItem } from '@testament/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { activityDays } from './activity-days.ts';
import { anActivityItem } from '../../testing/activity-fixtures.ts';

const ids = (items: ActivityItem[]) => items.map((item) => item.id);
const localZone = process.env.TZ;

afterEach(() => {
  if (localZone === undefined) delete process.env.TZ;
  else process.env.TZ = localZone;
});

describe('a page of activity by day (§4.8, K6)', () => {
  it('reads the days newest first whatever the keys’ order, or oldest first when asked', () => {
    process.env.TZ = 'UTC';
    const results = {
      '2026-06-02T00:00:00Z': [anActivityItem(3, '2026-06-02T10:00:00Z')],
      '2026-06-03T00:00:00Z': [anActivityItem(2, '2026-06-03T18:00:00Z'), anActivityItem(1, '2026-06-03T09:00:00Z')],
    };
    expect(activityDays(results, true).map((day) => [day.day, ids(day.items)])).toEqual([
      ['2026-06-03', [2, 1]],
      ['2026-06-02', [3]],
    ]);
    const oldestFirst = {
      '2026-06-03T00:00:00Z': [anActivityItem(1, '2026-06-03T09:00:00Z')],
      '2026-06-02T00:00:00Z': [anActivityItem(3, '2026-06-02T10:00:00Z')],
    };
    expect(activityDays(oldestFirst, false).map((day) => day.day)).toEqual(['2026-06-02', '2026-06-03']);
  });

  it('files each record under the reader’s own day: two UTC days merge, or one splits', () => {
    process.env.TZ = 'Europe/Moscow'; // UTC+3
    const results = {
      '2026-06-03T00:00:00Z': [anActivityItem(3, '2026-06-03T09:00:00Z'), anActivityItem(2, '2026-06-03T00:30:00Z')],
      '2026-06-02T00:00:00Z': [anActivityItem(1, '2026-06-02T22:00:00Z'), anActivityItem(0, '2026-06-02T20:00:00Z')],
    };
    expect(activityDays(results, true).map((day) => [day.day, ids(day.items)])).toEqual([
      ['2026-06-03', [3, 2, 1]],
      ['2026-06-02', [0]],
    ]);
  });

  it('shows nothing for an empty page', () => {
    expect(activityDays({}, true)).toEqual([]);
  });
});
