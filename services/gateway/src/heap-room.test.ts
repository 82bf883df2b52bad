import { describe, expect, it } from 'vitest';
import { heapGrowingPercent, MIN_HEAP_ROOM_BYTES } from './heap-room.ts';

describe('heap room', () => {
  it('lets a heap of 1 GB or more double before its next full collection', () => {
    expect(heapGrowingPercent(MIN_HEAP_ROOM_BYTES)).toBe(100);
    expect(heapGrowingPercent(3.3 * 2 ** 30)).toBe(100);
  });

  it('gives a smaller heap room to grow by at least 1 GB', () => {
    const live = 280 * 2 ** 20;
    const percent = heapGrowingPercent(live);
    expect(percent).toBe(366);
    expect((live * percent) / 100).toBeGreaterThanOrEqual(MIN_HEAP_ROOM_BYTES);
    expect(heapGrowingPercent(0)).toBeGreaterThan(100);
  });
});
