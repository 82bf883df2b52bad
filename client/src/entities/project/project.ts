export type { PreviewRow, Project } from '@testament/contracts';

/** `GET system/statistics/` (§3.17): totals over the caller's visible, active projects. */
export type { Statistics } from '@testament/contracts';

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
