import type { UserConfig } from '@testament/contracts';

export { favoriteProjectIds } from '@testament/contracts';

/** A section of the config (`ui`, `projects`, …), empty when it is missing or not an object. */
export function configSection(config: UserConfig, name: string): Record<string, unknown> {
  const value = config[name];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** `ui.is_open_sidebar`; the sidebar starts open. */
export function isSidebarOpen(config: UserConfig): boolean {
  return configSection(config, 'ui').is_open_sidebar !== false;
}

/** The dashboard's two switches, `projects.is_only_favorite` and `projects.is_show_archived`. */
export function dashboardSwitches(config: UserConfig): { onlyFavorites: boolean; showArchived: boolean } {
  const projects = configSection(config, 'projects');
  return { onlyFavorites: projects.is_only_favorite === true, showArchived: projects.is_show_archived === true };
}
