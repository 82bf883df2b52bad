import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naturalSortKey } from './natural-order.ts';

const naturally = (names: string[]) =>
  [...names].sort((a, b) => (naturalSortKey(a) < naturalSortKey(b) ? -1 : naturalSortKey(a) > naturalSortKey(b) ? 1 : 0));

describe('the trees’ natural order', () => {
  it('puts numbers in order of value, whatever their case and leading zeros', () => {
    expect(naturally(['Area 10', 'area 2', 'Area 1', 'Area 02b', 'Area 100', 'Area'])).toEqual([
      'Area',
      'Area 1',
      'area 2',
      'Area 02b',
      'Area 10',
      'Area 100',
    ]);
    expect(naturalSortKey('Sprint 007')).toBe(naturalSortKey('sprint 7'));
    expect(naturally(['v1.10', 'v1.9', 'v1.9.1', 'v2'])).toEqual(['v1.9', 'v1.9.1', 'v1.10', 'v2']);
  });

  it('keeps digits between punctuation and letters, as the plain names had them', () => {
    expect(naturally(['a b', 'a-1', 'ab', 'a1', 'a_', 'a 1'])).toEqual(['a 1', 'a b', 'a-1', 'a1', 'a_', 'ab']);
  });

  it('agrees with a numeric collation on random names of letters, digits and spaces', { timeout: 30_000 }, () => {
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const name = fc.string({ unit: fc.constantFrom(...'aAbBzZ 0123456789'), minLength: 1, maxLength: 8 }).map((text) => text.trim() || 'x');
    fc.assert(
      fc.property(fc.array(name, { maxLength: 12, size: 'max' }), (names) => {
        const keys = naturally(names).map(naturalSortKey);
        const collated = [...names].sort(collator.compare).map(naturalSortKey);
        expect(keys, names.join(' | ')).toEqual(collated);
      }),
      { numRuns: 500 },
    );
  });
});
