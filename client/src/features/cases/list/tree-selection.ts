import type { UnionItem } from './case-list-api.ts';

/** The tree's row keys (§5: keys starting with TS are suites, the rest cases). */
export const suiteKey = (id: number) => `TS${id}`;
export const caseKey = (id: number) => `TC${id}`;
export const suiteIdOf = (key: string): number | null => (key.startsWith('TS') ? Number(key.slice(2)) : null);

export type CheckedKeys = Record<string, { checked?: boolean; partialChecked?: boolean } | boolean | undefined>;

export interface TreeChoice {
  included_suites: number[];
  included_cases: number[];
  /** How many cases that makes: a ticked suite brings its matching cases (`union_count`). */
  count: number;
}

/** What the tree's ticks select for `bulk-update-tree/`; a tick under a ticked suite is already in it. */
export function treeChoice(checked: CheckedKeys, items: ReadonlyMap<string, UnionItem>): TreeChoice {
  const isChecked = (key: string) => {
    const state = checked[key];
    return state === true || (typeof state === 'object' && state.checked === true);
  };
  const choice: TreeChoice = { included_suites: [], included_cases: [], count: 0 };
  for (const [key, item] of items) {
    if (!isChecked(key)) continue;
    const underTicked = item.parent !== null && isChecked(suiteKey(item.parent.id));
    if (item.is_leaf) choice.included_cases.push(item.id);
    else choice.included_suites.push(item.id);
    if (!underTicked) choice.count += item.is_leaf ? 1 : item.union_count;
  }
  return choice;
}
