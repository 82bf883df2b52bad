import type { TreeNode } from 'primereact/treenode';
import type { UnionRow } from './tree-levels.ts';

type CheckState = { checked?: boolean; partialChecked?: boolean } | boolean | undefined;
export type CheckedKeys = Record<string, CheckState>;

const isTicked = (state: CheckState) => state === true || (typeof state === 'object' && state.checked === true);
const isHalfTicked = (state: CheckState) => typeof state === 'object' && state.partialChecked === true;
const TICKED = { checked: true, partialChecked: false };
const HALF_TICKED = { checked: false, partialChecked: true };

/** A row unticked under select-all. */
export interface TreeExclusion {
  key: string;
  /** The rows above it, outermost first: one inside a closed branch still half-ticks the branches above. */
  path: string[];
  /** How many of the selected leaves it takes away. */
  leaves: number;
}

/**
 * A tree's selection (cases-and-plans §4 "Bulk selection in trees"): the rows
 * ticked one by one, or select-all, which covers rows not loaded yet, minus the rows unticked since.
 */
export type TreeSelection = { all: false; checked: CheckedKeys } | { all: true; excluded: TreeExclusion[] };

export const NOTHING_TICKED: TreeSelection = { all: false, checked: {} };
export const ALL_TICKED: TreeSelection = { all: true, excluded: [] };

/** What ticks select: whole branches (suites, plans) and single leaves (cases, tests). */
export interface TreeChoice {
  branches: number[];
  leaves: number[];
  /** How many leaves that makes: a ticked branch brings its matching leaves (`union_count`). */
  count: number;
}

/** A "Load more" row is no union row. */
const isUnionRow = (data: unknown): data is UnionRow => typeof data === 'object' && data !== null && 'is_leaf' in data;
const leavesIn = (row: UnionRow) => (row.is_leaf ? 1 : row.union_count);

/** The shown rows the ticks select; a row under a ticked branch is already in it. */
export function treeChoice(checked: CheckedKeys, nodes: readonly TreeNode[]): TreeChoice {
  const choice: TreeChoice = { branches: [], leaves: [], count: 0 };
  const visit = (node: TreeNode) => {
    const row: unknown = node.data;
    if (!isUnionRow(row)) return;
    if (!isTicked(checked[String(node.key)])) return node.children?.forEach(visit);
    (row.is_leaf ? choice.leaves : choice.branches).push(row.id);
    choice.count += leavesIn(row);
  };
  nodes.forEach(visit);
  return choice;
}

/**
 * The ticks the tree shows for a selection. Rows loaded under a ticked branch
 * show ticked; under select-all every row does but the unticked ones and what
 * is under them, and a branch with an unticked row somewhere below is half-ticked.
 * "Load more" rows count as ticked with their branch, so a branch whose loaded
 * rows are all unticked still holds the rows not loaded yet.
 */
export function shownTicks(selection: TreeSelection, nodes: readonly TreeNode[]): CheckedKeys {
  const shown: CheckedKeys = selection.all ? {} : { ...selection.checked };
  const visit = (node: TreeNode, underTicked: boolean) => {
    const key = String(node.key);
    if (selection.all) {
      if (selection.excluded.some((exclusion) => exclusion.key === key)) return;
      shown[key] = selection.excluded.some((exclusion) => exclusion.path.includes(key)) ? HALF_TICKED : TICKED;
      for (const child of node.children ?? []) visit(child, true);
    } else {
      const ticked = underTicked || isTicked(selection.checked[key]);
      if (ticked) shown[key] = TICKED;
      for (const child of node.children ?? []) visit(child, ticked);
    }
  };
  for (const node of nodes) visit(node, false);
  return shown;
}

function keysOf(nodes: readonly TreeNode[]): string[] {
  return nodes.flatMap((node) => [String(node.key), ...keysOf(node.children ?? [])]);
}

/**
 * Select-all's exclusions after the user changed the ticks to `ticks`: each
 * shown row now unticked whose branch is still (half-)ticked, and the earlier
 * exclusions inside closed branches as long as every shown row above them stays half-ticked.
 */
export function exclusionsAfter(previous: readonly TreeExclusion[], ticks: CheckedKeys, nodes: readonly TreeNode[]): TreeExclusion[] {
  const unticked: TreeExclusion[] = [];
  const visit = (node: TreeNode, path: string[]) => {
    const key = String(node.key);
    const state = ticks[key];
    const row: unknown = node.data;
    if (isTicked(state) || isHalfTicked(state)) {
      for (const child of node.children ?? []) visit(child, [...path, key]);
    } else if (isUnionRow(row)) {
      // A "Load more" row stands for rows no one could untick one by one.
      unticked.push({ key, path, leaves: leavesIn(row) });
    }
  };
  for (const node of nodes) visit(node, []);
  const shown = new Set(keysOf(nodes));
  const hidden = previous.filter(
    (exclusion) => !shown.has(exclusion.key) && exclusion.path.every((key) => !shown.has(key) || isHalfTicked(ticks[key])),
  );
  return [...unticked, ...hidden];
}

/** How many leaves select-all leaves out. */
export function excludedCount(excluded: readonly TreeExclusion[]): number {
  return excluded.reduce((sum, exclusion) => sum + exclusion.leaves, 0);
}

/** The tree's ticks after the user changed them to `ticks`: kept as they are, or under select-all as exclusions. */
export function withTicks(selection: TreeSelection, ticks: CheckedKeys, nodes: readonly TreeNode[]): TreeSelection {
  return selection.all ? { all: true, excluded: exclusionsAfter(selection.excluded, ticks, nodes) } : { all: false, checked: ticks };
}

/** A TreeTable's checkbox props for a selection: the ticks it shows, and the selection after the user ticks or unticks a row. */
export function treeSelectionProps(selection: TreeSelection, onChange: (selection: TreeSelection) => void, nodes: readonly TreeNode[]) {
  return {
    selectionMode: 'checkbox' as const,
    selectionKeys: shownTicks(selection, nodes),
    onSelectionChange: (event: { value: unknown }) => onChange(withTicks(selection, event.value as CheckedKeys, nodes)),
  };
}
