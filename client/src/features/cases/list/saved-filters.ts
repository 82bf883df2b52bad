import type { UserConfig } from '@testament/contracts';
import { filterFromQueryString, filterToQueryString } from './case-filter.ts';

/** A project's saved case filters: name → query string (§3 "Saved filters"). */
export type SavedFilters = Record<string, string>;

function objectAt(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** `test_suites.filters[projectId]` of the user config, the strings only. */
export function savedFiltersOf(config: UserConfig, projectId: number): SavedFilters {
  const filters = objectAt(objectAt(objectAt(config['test_suites'])['filters'])[String(projectId)]);
  return Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** A config patch that sets some names and removes others (null); the server deep-merges it. */
export function savedFiltersPatch(projectId: number, changes: Record<string, string | null>): UserConfig {
  return { test_suites: { filters: { [String(projectId)]: changes } } };
}

/** Saved strings may come from elsewhere (TestY, an older version): compare them as filters. */
function sameFilter(saved: string, current: string): boolean {
  return filterToQueryString(filterFromQueryString(saved)) === current;
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
 * filter moves away from it.
 */
export function savedFilterState(saved: SavedFilters, picked: string | null, current: string): SavedFilterState {
  if (picked !== null && picked in saved) return { selected: picked, unsaved: !sameFilter(saved[picked]!, current) };
  const equal = current === '' ? undefined : Object.keys(saved).find((name) => sameFilter(saved[name]!, current));
  return { selected: equal ?? null, unsaved: false };
}

/** A blank name cannot be saved or given (§5 'Name filter cant be empty!'). */
export function isBlankName(name: string): boolean {
  return name.trim() === '';
}
