import { describe, expect, it } from 'vitest';
import { EVERYTHING, NO_SELECTION, selectedCount, selectionBody, withPageChoice } from './bulk-selection.ts';

describe('the bulk selection (§4: select-all with an exclusion list)', () => {
  it('sends the ticked ids, kept across pages', () => {
    const first = withPageChoice(NO_SELECTION, [1, 2, 3], [1, 3]);
    const second = withPageChoice(first, [4, 5], [5]);
    expect(selectionBody(second)).toEqual({ included_cases: [1, 3, 5] });
    expect(selectedCount(second, 40)).toBe(3);
  });

  it('after select-all, sends what was unticked and counts the rest', () => {
    const all = withPageChoice(EVERYTHING, [1, 2, 3], [1, 3]);
    const later = withPageChoice(all, [4, 5], [4]);
    expect(selectionBody(later)).toEqual({ excluded_cases: [2, 5] });
    expect(selectedCount(later, 40)).toBe(38);
  });

  it('ticking a row again takes it off the exclusions', () => {
    const all = withPageChoice(EVERYTHING, [1, 2], [1]);
    expect(selectionBody(withPageChoice(all, [1, 2], [1, 2]))).toEqual({ excluded_cases: [] });
  });
});
