import type { TreeNode } from 'primereact/treenode';
import type { RowKeys } from '../../../components/list/tree-levels.ts';
import type { UnionItem } from './case-list-api.ts';

/** The tree's row keys (§5: keys starting with TS are suites, the rest cases). */
export const suiteKey = (id: number) => `TS${id}`;
export const caseKey = (id: number) => `TC${id}`;
export const suiteIdOf = (key: string): number | null => (key.startsWith('TS') ? Number(key.slice(2)) : null);
export const caseIdOf = (key: string): number | null => (key.startsWith('TC') ? Number(key.slice(2)) : null);
export const caseRowKeys: RowKeys = { branch: suiteKey, leaf: caseKey };

type CheckState = { checked?: boolean; partialChecked?: boolean } | boolean | undefined;
export type CheckedKeys = Record<string, CheckState>;

const isTicked = (state: CheckState) => state === true || (typeof state === 'object' && state.checked === true);
const isHalfTicked = (state: CheckState) => typeof state === 'object' && state.partialChecked === true;
const TICKED = { checked: true, partialChecked: false };
const HALF_TICKED = { checked: false, partialChecked: true };

/** A row unticked under select-all. */
export interface TreeExclusion {
  key: string;
  /** The rows above it, outermost first: one inside a closed suite still half-ticks the suites above. */
  path: string[];
  /** How many of the selected cases it takes away. */
  cases: number;
}

/**
 * The tree's selection (§4 "Bulk selection in trees"): the rows ticked one by
 * one, or select-all, which covers rows not loaded yet, minus the rows unticked since.
 */
export type TreeSelection = { all: false; checked: CheckedKeys } | { all: true; excluded: TreeExclusion[] };

export const NOTHING_TICKED: TreeSelection = { all: false, checked: {} };
export const ALL_TICKED: TreeSelection = { all: true, excluded: [] };

export interface TreeChoice {
  included_suites: number[];
  included_cases: number[];
  /** How many cases that makes: a ticked suite brings its matching cases (`union_count`). */
  count: number;
}

const casesIn = (item: UnionItem) => (item.is_leaf ? 1 : item.union_count);

/** What the tree's ticks select for `bulk-update-tree/`; a tick under a ticked suite is already in it. */
export function treeChoice(checked: CheckedKeys, items: ReadonlyMap<string, UnionItem>): TreeChoice {
  const choice: TreeChoice = { included_suites: [], included_cases: [], count: 0 };
  for (const [key, item] of items) {
    if (!isTicked(checked[key])) continue;
    const underTicked = item.parent !== null && isTicked(checked[suiteKey(item.parent.id)]);
    if (item.is_leaf) choice.included_cases.push(item.id);
    else choice.included_suites.push(item.id);
    if (!underTicked) choice.count += casesIn(item);
  }
  return choice;
}

/**
 * The ticks the tree shows for a selection. Rows loaded under a ticked suite
 * show ticked; under select-all every row does but the unticked ones and what
 * is under them, and a suite with an unticked row somewhere below is half-ticked.
 * "Load more" rows count as ticked with their suite, so a suite whose loaded
 * rows are all unticked still holds the rows not loaded yet.
 */
export function shownTicks(selection: TreeSelection, nodes: readonly TreeNode[]): CheckedKeys {
  const shown: CheckedKeys = selection.all ? {} : { ...selection.checked };
  const visit = (node: TreeNode, underTicked: boolean) => {
    const key = String(node.key);
    if (selection.all) {
      if (selection.excluded.some((exclusion) => exclusion.key === key)) return;
      shown[key] = selection.excluded.some((exclusion) => exclusion.path.includes(key)) ? HALF_TICKED : TICKED;
      node.children?.forEach((child) => visit(child, true));
    } else {
      const ticked = underTicked || isTicked(selection.checked[key]);
      if (ticked) shown[key] = TICKED;
      node.children?.forEach((child) => visit(child, ticked));
    }
  };
  nodes.forEach((node) => visit(node, false));
  return shown;
}

function keysOf(nodes: readonly TreeNode[]): string[] {
  return nodes.flatMap((node) => [String(node.key), ...keysOf(node.children ?? [])]);
}

/**
 * Select-all's exclusions after the user changed the ticks to `ticks`: each
 * shown row now unticked whose suite is still (half-)ticked, and the earlier
 * exclusions inside closed suites as long as every shown row above them stays half-ticked.
 */
export function exclusionsAfter(previous: readonly TreeExclusion[], ticks: CheckedKeys, nodes: readonly TreeNode[]): TreeExclusion[] {
  const unticked: TreeExclusion[] = [];
  const visit = (node: TreeNode, path: string[]) => {
    const key = String(node.key);
    const state = ticks[key];
    if (isTicked(state) || isHalfTicked(state)) node.children?.forEach((child) => visit(child, [...path, key]));
    // A "Load more" row stands for rows no one could untick one by one.
    else if (node.selectable !== false) unticked.push({ key, path, cases: casesIn(node.data as UnionItem) });
  };
  nodes.forEach((node) => visit(node, []));
  const shown = new Set(keysOf(nodes));
  const hidden = previous.filter((exclusion) => !shown.has(exclusion.key) && exclusion.path.every((key) => !shown.has(key) || isHalfTicked(ticks[key])));
  return [...unticked, ...hidden];
}

/** How many cases select-all leaves out. */
export function excludedCount(excluded: readonly TreeExclusion[]): number {
  return excluded.reduce((sum, exclusion) => sum + exclusion.cases, 0);
}
