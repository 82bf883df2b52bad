import { describe, expect, it } from 'vitest';
import type { InsertRow } from './group-commit.ts';
import { RecentRows } from './recent-rows.ts';

const row = (position: number): InsertRow => [position, 's', position - 1, 'E', 1, '{}', '{}', `h${position}`];
const positions = (rows: InsertRow[] | undefined) => rows?.map((r) => r[0]);

describe('RecentRows', () => {
  it('answers reads that start inside what it holds, and only those, as it drops the oldest', () => {
    const recent = new RecentRows(3);
    expect(recent.after(0, 10)).toBeUndefined();
    recent.add([row(5), row(6)]);
    expect(recent.after(3, 10)).toBeUndefined(); // position 4 was never held
    expect(positions(recent.after(4, 10))).toEqual([5, 6]);
    expect(positions(recent.after(5, 1))).toEqual([6]);
    expect(positions(recent.after(6, 10))).toEqual([]);
    recent.add([row(7), row(8), row(9), row(10), row(11)]); // over twice the capacity: keeps the last 3
    expect(recent.after(7, 10)).toBeUndefined();
    expect(positions(recent.after(8, 2))).toEqual([9, 10]);
    recent.clear();
    expect(recent.after(10, 10)).toBeUndefined();
  });
});
