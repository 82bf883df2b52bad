import { describe, expect, it } from 'vitest';
import { arrangedStatuses, moved, orderChanged, statusOrderSetting, type Status } from './status.ts';

const status = (id: number, name: string): Status => ({
  id,
  url: `http://testament.test/api/v2/statuses/${id}/`,
  name,
  color: '#000',
  type: id < 9 ? 0 : 1,
  project: id < 9 ? null : 1,
});
const saved = [status(1, 'Failed'), status(2, 'Passed'), status(9, 'Flaky')];
const ids = (statuses: Status[]) => statuses.map((s) => s.id);

describe('the status order', () => {
  it('shows the arrangement while it is pending, with statuses added meanwhile at the end and deleted ones gone', () => {
    expect(ids(arrangedStatuses(saved, [9, 1, 2]))).toEqual([9, 1, 2]);
    expect(ids(arrangedStatuses([...saved, status(10, 'Slow')], [9, 1, 2]))).toEqual([9, 1, 2, 10]);
    expect(ids(arrangedStatuses([saved[0]!, saved[2]!], [9, 1, 2]))).toEqual([9, 1]);
    expect(ids(arrangedStatuses(saved, null))).toEqual([1, 2, 9]);
  });

  it('is pending only while it differs from the saved one', () => {
    expect(orderChanged(saved, arrangedStatuses(saved, [9, 1, 2]))).toBe(true);
    expect(orderChanged(saved, arrangedStatuses(saved, [1, 2, 9]))).toBe(false);
  });

  it('moves one status a place with the keyboard, not past either end', () => {
    expect(moved(saved, 2, -1)).toEqual([1, 9, 2]);
    expect(moved(saved, 0, -1)).toEqual([1, 2, 9]);
    expect(moved(saved, 2, 1)).toEqual([1, 2, 9]);
  });

  it('is saved as status id → position (§3.1)', () => {
    expect(statusOrderSetting(arrangedStatuses(saved, [9, 1, 2]))).toEqual({ '9': 0, '1': 1, '2': 2 });
  });
});
