import type { CaseSearchNode } from '@testament/contracts';
import type { TreeNode } from 'primereact/treenode';

/** PrimeReact's checkbox selection (`selectionKeys` in checkbox mode), which it does not export by name. */
export type CheckboxKeys = Record<string, { checked?: boolean; partialChecked?: boolean }>;

/** A suite's key in the picker; cases are keyed by their bare id (§5: keys starting with TS are suites). */
export const SUITE_KEY = 'TS';
const suiteKey = (id: number) => `${SUITE_KEY}${id}`;
const isSuiteKey = (key: string) => key.startsWith(SUITE_KEY);

/** The picker's tree: each suite with its child suites, then its cases. */
export function pickerNodes(suites: readonly CaseSearchNode[]): TreeNode[] {
  return suites.map((suite) => ({
    key: suiteKey(suite.id),
    label: suite.name,
    data: { kind: 'suite' },
    children: [
      ...pickerNodes(suite.children),
      ...suite.test_cases.map((found) => ({
        key: String(found.id),
        label: found.name,
        leaf: true,
        data: { kind: 'case', archived: found.is_archive, labels: found.labels },
      })),
    ],
  }));
}

/** The ids of the cases under these nodes. */
export function caseIdsIn(nodes: readonly TreeNode[]): number[] {
  return nodes.flatMap((node) => (isSuiteKey(String(node.key)) ? caseIdsIn(node.children ?? []) : [Number(node.key)]));
}

/** The keys of every suite, to open the whole tree. */
export function suiteKeysIn(nodes: readonly TreeNode[]): string[] {
  return nodes.filter((node) => isSuiteKey(String(node.key))).flatMap((node) => [String(node.key), ...suiteKeysIn(node.children ?? [])]);
}

/** The checkbox tree's state for the picked cases: a suite is checked when all its cases are, partly when some are. */
export function selectionKeysOf(nodes: readonly TreeNode[], picked: ReadonlySet<number>): CheckboxKeys {
  const keys: CheckboxKeys = {};
  const mark = (node: TreeNode): { all: boolean; some: boolean } => {
    const key = String(node.key);
    if (!isSuiteKey(key)) {
      const checked = picked.has(Number(key));
      if (checked) keys[key] = { checked: true, partialChecked: false };
      return { all: checked, some: checked };
    }
    const below = (node.children ?? []).map(mark);
    const all = below.length > 0 && below.every((child) => child.all);
    const some = below.some((child) => child.some);
    if (all || some) keys[key] = { checked: all, partialChecked: !all };
    return { all, some };
  };
  nodes.forEach(mark);
  return keys;
}

/**
 * The picked cases after a change in the tree: the cases it shows take its checks, the cases a
 * search or a filter hides stay as they were; suites are dropped (§5).
 */
export function pickedAfter(picked: readonly number[], nodes: readonly TreeNode[], selection: CheckboxKeys | null): number[] {
  const shown = new Set(caseIdsIn(nodes));
  const checked = Object.entries(selection ?? {})
    .filter(([key, state]) => !isSuiteKey(key) && state.checked)
    .map(([key]) => Number(key));
  return [...new Set([...picked.filter((id) => !shown.has(id)), ...checked])].sort((a, b) => a - b);
}

/** Every suite open while a filter narrows the tree; otherwise the suites on the way to what is picked. */
export function openedAtFirst(nodes: readonly TreeNode[], filtering: boolean, picked: ReadonlySet<number>): Record<string, boolean> {
  const keys = filtering
    ? suiteKeysIn(nodes)
    : Object.entries(selectionKeysOf(nodes, picked)).flatMap(([key, state]) =>
        isSuiteKey(key) && (state.checked || state.partialChecked) ? [key] : [],
      );
  return Object.fromEntries(keys.map((key) => [key, true]));
}
