import { describe, expect, it } from 'vitest';
import { compareValues, EMPTY_ARRAY, encodeKey } from './key-order.ts';
import { seededIntegers } from '../../testing/seeded-random.ts';

const VALUES: unknown[] = [null, EMPTY_ARRAY, 0, -0, 1, -1, 0.5, -0.5, 1e300, -1e300, Infinity, -Infinity, NaN, 2 ** 53, 'a', 'ab', 'abc', 'b', '', 'a\0', 'a\0b', '\uffff', 'é', '😀', true, false, new Date(0), new Date(-5), new Date(8.64e15)];

describe('encodeKey', () => {
  it('sorts tuples exactly as compareValues does, field by field in each direction', () => {
    const random = seededIntegers(11);
    const tuple = (length: number) => Array.from({ length }, () => VALUES[random(VALUES.length)]);
    for (let round = 0; round < 20_000; round++) {
      const length = 1 + random(3);
      const directions = Array.from({ length }, () => (random(2) === 0 ? 1 : -1) as 1 | -1);
      const [a, b] = [tuple(length), tuple(length)];
      let expected = 0;
      for (let i = 0; i < length && expected === 0; i++) expected = Math.sign(compareValues(a[i], b[i])) * directions[i]! || 0;
      const [x, y] = [encodeKey(a, directions)!, encodeKey(b, directions)!];
      expect(Math.sign(x < y ? -1 : x > y ? 1 : 0), JSON.stringify({ a, b, directions })).toBe(expected);
    }
  });

  it('has no encoding for subdocuments', () => {
    expect(encodeKey([{ a: 1 }], [1])).toBeUndefined();
  });
});
