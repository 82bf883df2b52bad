/**
 * Role ids held per project (on a user) or per user (on a project). Kept as
 * lists sorted by the id, not objects keyed by it: V8 copies objects with
 * sparse integer keys tens of times slower, and folds copy them on every
 * membership change.
 */
export interface ProjectRoles {
  projectId: number;
  roleIds: number[];
}

export interface MemberRoles {
  userId: number;
  roleIds: number[];
}

/** The list with `key`'s entry set to `roleIds` (or removed when there are none), still sorted: one copy, one search. */
export function withRoles<K extends 'projectId' | 'userId', E extends Record<K, number> & { roleIds: number[] }>(
  entries: readonly E[],
  key: K,
  id: number,
  roleIds: number[],
): E[] {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (entries[middle]![key] < id) low = middle + 1;
    else high = middle;
  }
  const present = entries[low]?.[key] === id;
  const copy = entries.slice();
  if (roleIds.length === 0) {
    if (present) copy.splice(low, 1);
  } else {
    copy.splice(low, present ? 1 : 0, { [key]: id, roleIds: shared(roleIds) } as E);
  }
  return copy;
}

/**
 * One array per combination of role ids, shared by every membership holding it: readers can then work out what a combination grants once.
 */
const combinations = new Map<string, number[]>();

function shared(roleIds: number[]): number[] {
  const combination = roleIds.join();
  let canonical = combinations.get(combination);
  if (!canonical) {
    canonical = roleIds.slice();
    combinations.set(combination, canonical);
  }
  return canonical;
}
