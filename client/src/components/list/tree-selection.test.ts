import type { TreeNode } from 'primereact/treenode';
import { describe, expect, it } from 'vitest';
import type { UnionRow } from './tree-levels.ts';
import { excludedCount, exclusionsAfter, shownTicks, treeChoice, withTicks } from './tree-selection.ts';

const branch = (id: number, union_count: number, children: TreeNode[]): TreeNode => ({
  key: `B${id}`,
  data: { id, is_leaf: false, has_children: true, union_count } satisfies UnionRow,
  children,
});
const leaf = (id: number): TreeNode => ({ key: `L${id}`, data: { id, is_leaf: true } satisfies UnionRow, leaf: true });
const more = (parent: number): TreeNode => ({ key: `more:${parent}`, data: { more: parent, left: 6 }, leaf: true, selectable: false });
const TICKED = { checked: true, partialChecked: false };
const HALF = { checked: false, partialChecked: true };

describe('what a tree’s ticks select (cases-and-plans §4)', () => {
  // Branch 1 (7 matching leaves) holds branch 2 (3) with leaf 10; branch 3 (4) holds leaf 20.
  const nodes = [branch(1, 7, [branch(2, 3, [leaf(10)])]), branch(3, 4, [leaf(20)])];

  it('takes a ticked branch whole with its matching leaves, and single leaves, counting each leaf once', () => {
    const checked = { B1: TICKED, B2: TICKED, L10: TICKED, B3: HALF, L20: TICKED };
    expect(treeChoice(checked, nodes)).toEqual({ branches: [1], leaves: [20], count: 8 });
  });

  it('leaves half-ticked branches out', () => {
    expect(treeChoice({ B1: HALF, B2: HALF, L10: TICKED }, nodes)).toEqual({ branches: [], leaves: [10], count: 1 });
  });
});

/** Branch 1 (open: leaf 10 and a "Load more" row) and branch 3 (closed). */
const nodes: TreeNode[] = [branch(1, 7, [leaf(10), more(1)]), branch(3, 4, [])];

describe('a tree’s select-all (cases-and-plans §4: select-all with an exclusion list)', () => {
  it('shows every row ticked but the unticked ones, their branches half-ticked', () => {
    const excluded = [{ key: 'L10', path: ['B1'], leaves: 1 }];
    expect(shownTicks({ all: true, excluded }, nodes)).toEqual({ B1: HALF, 'more:1': TICKED, B3: TICKED });
    expect(excludedCount(excluded)).toBe(1);
  });

  it('excludes the top unticked row with its leaves, never a "Load more" row', () => {
    expect(exclusionsAfter([], { B1: HALF, L10: TICKED }, nodes)).toEqual([{ key: 'B3', path: [], leaves: 4 }]);
    expect(exclusionsAfter([], { B3: TICKED }, nodes)).toEqual([{ key: 'B1', path: [], leaves: 7 }]);
  });

  it('keeps an exclusion inside a closed branch while the branch stays half-ticked, and drops it when the branch is ticked', () => {
    const hidden = { key: 'L30', path: ['B3'], leaves: 1 };
    expect(shownTicks({ all: true, excluded: [hidden] }, nodes).B3).toEqual(HALF);
    const untouched = { B1: TICKED, L10: TICKED, 'more:1': TICKED, B3: HALF };
    expect(exclusionsAfter([hidden], untouched, nodes)).toEqual([hidden]);
    expect(withTicks({ all: true, excluded: [hidden] }, { ...untouched, B3: TICKED }, nodes)).toEqual({ all: true, excluded: [] });
  });

  it('without select-all, keeps the ticks and shows the rows loaded under a ticked branch ticked', () => {
    expect(withTicks({ all: false, checked: {} }, { B1: TICKED }, nodes)).toEqual({ all: false, checked: { B1: TICKED } });
    expect(shownTicks({ all: false, checked: { B1: TICKED } }, nodes)).toEqual({ B1: TICKED, L10: TICKED, 'more:1': TICKED });
  });
});
