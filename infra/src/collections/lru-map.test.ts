import { describe, expect, it } from 'vitest';
import { seededIntegers } from '../testing/seeded-random.ts';
import { LruMap } from './lru-map.ts';

describe('a map that knows its least recently used key', () => {
  it('agrees with a list in use order through random gets, sets and deletes', () => {
    const random = seededIntegers(5);
    const map = new LruMap<number, number>();
    // The model: keys oldest first, and their values.
    let order: number[] = [];
    const values = new Map<number, number>();
    const use = (key: number) => (order = [...order.filter((other) => other !== key), key]);
    for (let step = 0; step < 5_000; step++) {
      const key = random(40);
      const roll = random(10);
      if (roll < 4) {
        expect(map.get(key)).toBe(values.get(key));
        if (values.has(key)) use(key);
      } else if (roll < 8) {
        map.set(key, step);
        values.set(key, step);
        use(key);
      } else if (roll < 9) {
        expect(map.delete(key)).toBe(values.delete(key));
        order = order.filter((other) => other !== key);
      } else {
        // What a full cache does: let the oldest go.
        const oldest = map.oldestKey();
        expect(oldest).toBe(order[0]);
        if (oldest !== undefined) {
          map.delete(oldest);
          values.delete(oldest);
          order.shift();
        }
      }
      expect(map.size).toBe(order.length);
    }
    map.clear();
    expect([map.size, map.oldestKey(), map.get(1)]).toEqual([0, undefined, undefined]);
  });
});
