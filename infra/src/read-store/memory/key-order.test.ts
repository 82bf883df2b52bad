import { describe, expect, it } from 'vitest';
import { compareValues, decodeKey, EMPTY_ARRAY, encodeKey, rankOf } from './key-order.ts';
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

  it('inverts a descending field of any length, past what one call makes at once', () => {
    const long = 'é'.repeat(20_000);
    const [a, b] = [encodeKey([`${long}a`], [-1])!, encodeKey([`${long}b`], [-1])!];
    expect(a > b).toBe(true);
    expect(a).toHaveLength(encodeKey([`${long}a`], [1])!.length);
  });

  it('decodes to values equal to those encoded, whatever follows them in the key', () => {
    const random = seededIntegers(12);
    for (let round = 0; round < 5_000; round++) {
      const length = 1 + random(4);
      const directions = Array.from({ length }, () => (random(2) === 0 ? 1 : -1) as 1 | -1);
      const values = Array.from({ length }, () => VALUES[random(VALUES.length)]);
      const decoded = decodeKey(`${encodeKey(values, directions)!}\0\u0001\uffff`, directions);
      expect(decoded).toHaveLength(length);
      values.forEach((value, i) => {
        expect(rankOf(decoded[i]), JSON.stringify({ values, directions })).toBe(rankOf(value));
        expect(compareValues(decoded[i], value), JSON.stringify({ values, directions })).toBe(0);
      });
    }
    const long = `${'é'.repeat(20_000)}\0z`;
    expect(decodeKey(encodeKey([long, 7], [-1, 1])!, [-1, 1])).toEqual([long, 7]);
  });

  it('has no encoding for subdocuments', () => {
    expect(encodeKey([{ a: 1 }], [1])).toBeUndefined();
  });
});
