import { describe, expect, it } from 'vitest';
import type { UnionItem } from './case-list-api.ts';
import { caseKey, suiteKey, treeChoice } from './tree-selection.ts';

const suite = (id: number, parent: number | null, union_count: number) => ({ id, is_leaf: false, parent: parent === null ? null : { id: parent, name: '' }, union_count }) as UnionItem;
const leaf = (id: number, parent: number) => ({ id, is_leaf: true, parent: { id: parent, name: '' } }) as UnionItem;

const items = new Map<string, UnionItem>([
  [suiteKey(1), suite(1, null, 7)],
  [suiteKey(2), suite(2, 1, 3)],
  [caseKey(10), leaf(10, 2)],
  [suiteKey(3), suite(3, null, 4)],
  [caseKey(20), leaf(20, 3)],
]);

describe('what the tree view’s ticks send to bulk-update-tree (§3.3)', () => {
  it('sends ticked suites whole and single cases, counting each case once', () => {
    const checked = { [suiteKey(1)]: { checked: true }, [suiteKey(2)]: { checked: true }, [caseKey(10)]: { checked: true }, [suiteKey(3)]: { partialChecked: true }, [caseKey(20)]: { checked: true } };
    expect(treeChoice(checked, items)).toEqual({ included_suites: [1, 2], included_cases: [10, 20], count: 8 });
  });

  it('leaves half-ticked suites out', () => {
    expect(treeChoice({ [suiteKey(1)]: { checked: false, partialChecked: true }, [caseKey(10)]: { checked: true } }, items)).toEqual({ included_suites: [], included_cases: [10], count: 1 });
  });
});
