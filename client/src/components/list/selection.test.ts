import { describe, expect, it } from 'vitest';
import { EVERYTHING, NO_SELECTION, isChosen, selectedCount, withPageChoice } from './selection.ts';

describe('a table’s bulk selection (cases-and-plans §4: select-all with an exclusion list)', () => {
  it('keeps the ticked ids across pages and counts them', () => {
    const first = withPageChoice(NO_SELECTION, [1, 2, 3], [1, 3]);
    const second = withPageChoice(first, [4, 5], [5]);
    expect(second).toEqual({ all: false, ids: [1, 3, 5] });
    expect(selectedCount(second, 40)).toBe(3);
  });

  it('after select-all, keeps what was unticked on every page and counts the rest of the total', () => {
    const all = withPageChoice(EVERYTHING, [1, 2, 3], [1, 3]);
    const later = withPageChoice(all, [4, 5], [4]);
    expect(later).toEqual({ all: true, excluded: [2, 5] });
    expect(selectedCount(later, 40)).toBe(38);
    expect(isChosen(later, 99)).toBe(true);
    expect(isChosen(later, 5)).toBe(false);
  });

  it('ticking a row again takes it off the exclusions', () => {
    const all = withPageChoice(EVERYTHING, [1, 2], [1]);
    expect(withPageChoice(all, [1, 2], [1, 2])).toEqual(EVERYTHING);
  });
});
