import { describe, expect, it } from 'vitest';
import type { StoredRecord } from './sorted-index.ts';
import { SubstringIndex } from './substring-index.ts';
import { seededIntegers } from '../../testing/seeded-random.ts';

const WORDS = ['alpha', 'beta', 'gamma', 'alphabet', 'ab', '', 'a\u0000b', 'bet'];
const VALUES: unknown[] = [...WORDS, undefined, null, 7, ['alpha']];

describe('substring index', () => {
  it.each([3, 99, 2024])('finds what a plain substring test finds, through adds, changes, removals and compactions, as a list and as a set (seed %i)', (seed) => {
    const random = seededIntegers(seed);
    const index = new SubstringIndex('name', 5);
    const live = new Map<number, StoredRecord>();
    for (let step = 0; step < 3_000; step++) {
      const id = random(60);
      const record = live.get(id);
      const value = VALUES[random(VALUES.length)];
      const doc = { _id: id, ...(value === undefined ? {} : { name: value }) };
      if (!record) {
        const added = { doc, seq: step };
        live.set(id, added);
        index.add(added);
      } else if (random(4) === 0) {
        index.remove(record);
        live.delete(id);
      } else {
        const previous = record.doc;
        record.doc = doc;
        index.update(record, previous);
      }
      const text = ['a', 'alpha', 'bet', '', 'zzz', 'ha'][random(6)]!;
      const hits = index.search(text);
      const strings = [...live.values()].filter((r) => typeof r.doc['name'] === 'string');
      expect(new Set(hits)).toEqual(new Set(strings.filter((r) => (r.doc['name'] as string).includes(text))));
      expect(hits.length).toBe(new Set(hits).size);
      // The remembered set of a search stays the same as its hits through the writes that keep it.
      const otherText = ['a', 'alpha', 'bet'][random(3)]!;
      expect(new Set(index.hitSet(otherText))).toEqual(new Set(index.search(otherText)));
      expect(new Set(index.others(hits))).toEqual(new Set(strings.filter((r) => !hits.includes(r))));
      expect(index.undecided).toEqual(new Set([...live.values()].filter((r) => ['number', 'object'].includes(typeof r.doc['name']) && r.doc['name'] !== null)));
      expect(index.absent).toEqual(new Set([...live.values()].filter((r) => r.doc['name'] === undefined || r.doc['name'] === null)));
    }
  });

  it('refuses no text but cannot search for its separator', () => {
    expect(SubstringIndex.canSearch('a\u0000b')).toBe(false);
    expect(SubstringIndex.canSearch('p-0001')).toBe(true);
  });
});
