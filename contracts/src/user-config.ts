/**
 * The user's free-form UI config (`users/me/config/`). PATCH deep-merges
 * objects key by key; arrays and scalars are replaced; null removes a key.
 */
export type UserConfig = Record<string, unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function deepMergeConfig(base: UserConfig, patch: UserConfig): UserConfig {
  const merged: UserConfig = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete merged[key];
    } else if (isPlainObject(value) && isPlainObject(merged[key])) {
      merged[key] = deepMergeConfig(merged[key] as UserConfig, value);
    } else {
      merged[key] = value;
    }
  }
  return merged;
}

/** The ids in `config.projects.favorite`, the dashboard's favourites. */
export function favoriteProjectIds(config: UserConfig): number[] {
  const projects = config.projects;
  if (!isPlainObject(projects) || !Array.isArray(projects.favorite)) return [];
  return projects.favorite.filter((id): id is number => Number.isInteger(id));
}
