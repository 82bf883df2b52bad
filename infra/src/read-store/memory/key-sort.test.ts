import { describe, expect, it } from 'vitest';
import { seededIntegers } from '../../testing/seeded-random.ts';
import { sortByKeys } from './key-sort.ts';

/** What the sort must equal: a stable comparator sort by code units. */
const byKeys = <E extends { key: string }>(entries: readonly E[]) => [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

describe('sortByKeys', () => {
  it.each([
    // Short keys from few units: many equal keys, keys that are prefixes of others, empty keys.
    { seed: 1, count: 3_000, length: 4, alphabet: [0, 1, 2, 0xffff] },
    // Index-like keys: a long shared head, then few distinct values, then a unique tail.
    { seed: 2, count: 20_000, length: 12, alphabet: [3, 9, 0x7fff, 0xfffe], head: '\u0003\u4000\u0000\u0000\u0000\u0009\u0000' },
    // Wide code units and lengths, groups of every size.
    { seed: 3, count: 50_000, length: 30, alphabet: Array.from({ length: 300 }, (_, i) => i * 218) },
  ])('orders random keys as a stable sort by code units does (seed $seed)', ({ seed, count, length, alphabet, head = '' }) => {
    const random = seededIntegers(seed);
    const entries = Array.from({ length: count }, (_, serial) => ({
      serial,
      key: head + String.fromCharCode(...Array.from({ length: random(length + 1) }, () => alphabet[random(alphabet.length)]!)),
    }));
    expect(sortByKeys(entries, (entry) => entry.key)!.map((entry) => entry.serial)).toEqual(byKeys(entries).map((entry) => entry.serial));
  });

  it('orders keys that come in ordered runs, as rows appended by time do, and reversed ones', () => {
    const random = seededIntegers(4);
    const time = (serial: number) => String.fromCharCode(serial >>> 16, serial & 0xffff);
    const descending = (serial: number) => String.fromCharCode(0xffff - (serial >>> 16), 0xffff - (serial & 0xffff));
    const inputs = [
      Array.from({ length: 30_000 }, (_, serial) => ({ serial, key: `p${time(serial)}` })),
      Array.from({ length: 30_000 }, (_, serial) => ({ serial, key: `p${descending(serial)}` })),
      // Runs within groups, the groups interleaved: a plan's rows newest first, plans at random.
      Array.from({ length: 30_000 }, (_, serial) => ({ serial, key: `${String.fromCharCode(random(300))}${descending(serial)}` })),
      // Long runs with a few equal keys among them.
      Array.from({ length: 30_000 }, (_, serial) => ({ serial, key: time(Math.floor(serial / 3) + (serial % 1_000 === 0 ? 7 : 0)) })),
    ];
    for (const entries of inputs) expect(sortByKeys(entries, (entry) => entry.key)!.map((entry) => entry.serial)).toEqual(byKeys(entries).map((entry) => entry.serial));
  });

  it('sorts nothing and one entry', () => {
    expect(sortByKeys([], (entry: { key: string }) => entry.key)).toEqual([]);
    expect(sortByKeys([{ key: 'a' }], (entry) => entry.key)).toEqual([{ key: 'a' }]);
  });

  it('declines entries of which one has no key, for the caller to compare them its own way', () => {
    expect(sortByKeys([{ key: 'b' }, { key: undefined }, { key: 'a' }], (entry) => entry.key)).toBeUndefined();
  });
});
