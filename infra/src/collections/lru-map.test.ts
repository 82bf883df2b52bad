import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map.ts';

/** One use of a cache: a get, a set, a delete, or letting the oldest key go as a full cache does. */
type Use = { kind: 'get' | 'set' | 'delete'; key: number } | { kind: 'evictOldest' };

const key = fc.nat({ max: 39 });
const use: fc.Arbitrary<Use> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('get' as const), key }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('set' as const), key }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), key }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('evictOldest' as const) }) },
);

describe('a map that knows its least recently used key', () => {
  it('agrees with a list in use order through random gets, sets and deletes', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.array(use, { maxLength: 300, size: 'max' }), (uses) => {
        const map = new LruMap<number, number>();
        // The model: keys oldest first, and their values.
        let order: number[] = [];
        const values = new Map<number, number>();
        const touch = (key: number) => (order = [...order.filter((other) => other !== key), key]);
        for (const [step, done] of uses.entries()) {
          if (done.kind === 'get') {
            expect(map.get(done.key)).toBe(values.get(done.key));
            if (values.has(done.key)) touch(done.key);
          } else if (done.kind === 'set') {
            map.set(done.key, step);
            values.set(done.key, step);
            touch(done.key);
          } else if (done.kind === 'delete') {
            expect(map.delete(done.key)).toBe(values.delete(done.key));
            order = order.filter((other) => other !== done.key);
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
      }),
      { numRuns: 100 },
    );
  });
});
