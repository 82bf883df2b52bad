import type { TreeNode } from 'primereact/treenode';
import { describe, expect, it } from 'vitest';
import type { UnionItem } from './case-list-api.ts';
import { caseKey, excludedCount, exclusionsAfter, shownTicks, suiteKey, treeChoice } from './tree-selection.ts';

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

/** Suite 1 (open: case 10 and a "Load more" row) and suite 3 (closed). */
const nodes: TreeNode[] = [
  { key: suiteKey(1), data: suite(1, null, 7), children: [{ key: caseKey(10), data: leaf(10, 1) }, { key: 'more:1', data: { more: 1, left: 6 }, selectable: false }] },
  { key: suiteKey(3), data: suite(3, null, 4), children: [] },
];
const TICKED = { checked: true, partialChecked: false };
const HALF = { checked: false, partialChecked: true };

describe('the tree’s select-all (§4: select-all with an exclusion list)', () => {
  it('shows every row ticked but the unticked ones, their suites half-ticked', () => {
    const excluded = [{ key: caseKey(10), path: [suiteKey(1)], cases: 1 }];
    expect(shownTicks({ all: true, excluded }, nodes)).toEqual({ [suiteKey(1)]: HALF, 'more:1': TICKED, [suiteKey(3)]: TICKED });
    expect(excludedCount(excluded)).toBe(1);
  });

  it('excludes the top unticked row with its cases, never a "Load more" row', () => {
    const ticks = { [suiteKey(1)]: HALF, [caseKey(10)]: TICKED };
    expect(exclusionsAfter([], ticks, nodes)).toEqual([{ key: suiteKey(3), path: [], cases: 4 }]);
    expect(exclusionsAfter([], { [suiteKey(3)]: TICKED }, nodes)).toEqual([{ key: suiteKey(1), path: [], cases: 7 }]);
  });

  it('keeps an exclusion inside a closed suite while the suite stays half-ticked, and drops it when the suite is ticked', () => {
    const hidden = { key: caseKey(30), path: [suiteKey(3)], cases: 1 };
    expect(shownTicks({ all: true, excluded: [hidden] }, nodes)[suiteKey(3)]).toEqual(HALF);
    const untouched = { [suiteKey(1)]: TICKED, [caseKey(10)]: TICKED, 'more:1': TICKED, [suiteKey(3)]: HALF };
    expect(exclusionsAfter([hidden], untouched, nodes)).toEqual([hidden]);
    expect(exclusionsAfter([hidden], { ...untouched, [suiteKey(3)]: TICKED }, nodes)).toEqual([]);
  });

  it('without select-all, shows the rows loaded under a ticked suite ticked', () => {
    expect(shownTicks({ all: false, checked: { [suiteKey(1)]: TICKED } }, nodes)).toEqual({ [suiteKey(1)]: TICKED, [caseKey(10)]: TICKED, 'more:1': TICKED });
  });
});
