import type { RowKeys } from '../../../components/list/tree-levels.ts';

/** The tree's row keys (§5: keys starting with TS are suites, the rest cases). */
export const suiteKey = (id: number) => `TS${id}`;
export const caseKey = (id: number) => `TC${id}`;
export const suiteIdOf = (key: string): number | null => (key.startsWith('TS') ? Number(key.slice(2)) : null);
export const caseIdOf = (key: string): number | null => (key.startsWith('TC') ? Number(key.slice(2)) : null);
export const caseRowKeys: RowKeys = { branch: suiteKey, leaf: caseKey };
