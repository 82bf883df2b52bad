import type { UserConfig } from '@testament/contracts';

/**
 * Where the user config keeps a list's saved filters (§3 "Saved filters"): the tests' under `test_plans`, the cases' under `test_suites`.
 */
export type SavedFilterArea = 'test_plans' | 'test_suites';

/** A project's saved filters of one list: name → query string. */
export type SavedFilters = Record<string, string>;

function objectAt(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** `<area>.filters[projectId]` of the user config, the strings only. */
export function savedFiltersOf(config: UserConfig, area: SavedFilterArea, projectId: number): SavedFilters {
  const filters = objectAt(objectAt(objectAt(config[area]).filters)[String(projectId)]);
  return Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** A config patch that sets some names and removes others (null); the server deep-merges it. */
export function savedFiltersPatch(area: SavedFilterArea, projectId: number, changes: Record<string, string | null>): UserConfig {
  return { [area]: { filters: { [String(projectId)]: changes } } };
}

export interface SavedFilterState {
  /** The saved filter shown as chosen, if any. */
  selected: string | null;
  /** The current filter differs from the chosen saved one. */
  unsaved: boolean;
}

/**
 * Which saved filter is chosen (§4 Filter states): the one the user picked, or
 * else one equal to the current filter; the pick is marked unsaved once the
 * filter moves away from it. Saved strings are compared as filters
 * (`normalize` reads and writes one again), since they may come from elsewhere.
 */
export function savedFilterState(
  saved: SavedFilters,
  picked: string | null,
  current: string,
  normalize: (query: string) => string = (query) => query,
): SavedFilterState {
  const same = (name: string) => normalize(saved[name]!) === current;
  if (picked !== null && picked in saved) return { selected: picked, unsaved: !same(picked) };
  const equal = current === '' ? undefined : Object.keys(saved).find(same);
  return { selected: equal ?? null, unsaved: false };
}

/** A blank name cannot be saved or given (§5 'Name filter cant be empty!'). */
export function isBlankName(name: string): boolean {
  return name.trim() === '';
}
