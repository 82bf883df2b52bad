import type { RowKeys } from '../../../components/list/tree-levels.ts';

/** The tests tree's row keys: plans and tests apart. */
const PLAN = 'TP';
const TEST = 'T';
export const planIdOf = (key: string): number | null => (key.startsWith(PLAN) ? Number(key.slice(PLAN.length)) : null);
export const testIdOf = (key: string): number | null =>
  key.startsWith(TEST) && !key.startsWith(PLAN) ? Number(key.slice(TEST.length)) : null;
export const testRowKeys: RowKeys & { branchIdOf(key: string): number | null } = {
  branch: (id) => `${PLAN}${id}`,
  leaf: (id) => `${TEST}${id}`,
  branchIdOf: planIdOf,
};
