/** The Project object of §3.1, as the app reads it. */
export interface Project {
  id: number;
  name: string;
  description: string;
  icon: string;
  is_archive: boolean;
  is_private: boolean;
  is_manageable: boolean;
  is_visible: boolean;
  suites_count: number;
  cases_count: number;
  plans_count: number;
  tests_count: number;
  settings: {
    is_result_editable: boolean;
    result_edit_limit: string | null;
    default_status: number | null;
    status_order: Record<string, number>;
  };
}

/** A row of a delete or archive preview (§4.13). */
export interface PreviewRow {
  verbose_name: string;
  verbose_name_related_model: string;
  count: number;
}

/** `GET system/statistics/` (§3.17): totals over the caller's visible, active projects. */
export interface Statistics {
  projects_count: number;
  suites_count: number;
  cases_count: number;
  plans_count: number;
  tests_count: number;
}

/** The project's four counters, in the order the header and the cards show them. */
export const PROJECT_COUNTERS = ['suites_count', 'cases_count', 'plans_count', 'tests_count'] as const;

/** Initials of up to three words of the name, for a project without an icon (§2 Project page). */
export function projectInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}
