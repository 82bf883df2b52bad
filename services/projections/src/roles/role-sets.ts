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

/** The list with `key`'s entry set to `roleIds` (or removed when there are none), still sorted. */
export function withRoles<K extends 'projectId' | 'userId', E extends Record<K, number> & { roleIds: number[] }>(entries: readonly E[], key: K, id: number, roleIds: number[]): E[] {
  const others = entries.filter((entry) => entry[key] !== id);
  if (roleIds.length === 0) return others;
  const entry = { [key]: id, roleIds } as E;
  const at = others.findIndex((other) => other[key] > id);
  return at < 0 ? [...others, entry] : [...others.slice(0, at), entry, ...others.slice(at)];
}
