import type { ProjectSettings } from '@testament/contracts';
import type { MemberRoles } from '../roles/role-sets.ts';

/** `projects` read model: one document per project, deleted ones included (flagged). */
export interface ProjectDocument {
  [key: string]: unknown;
  _id: number;
  name: string;
  /** Lower-cased name: sorting and search are case-insensitive. */
  nameKey: string;
  description: string;
  isPrivate: boolean;
  isArchive: boolean;
  isDeleted: boolean;
  settings: ProjectSettings;
  icon: string | null;
  /**
   * Role ids per member, by user id. What they grant is worked out at read
   * time from the roles read model, so role changes apply at once.
   */
  members: MemberRoles[];
  counts: { suites: number; cases: number; plans: number; tests: number };
  createdAt: string;
  updatedAt: string;
}

export const PROJECTS = 'projects';

/** What the system statistics add up (§3.17), kept per audience by the projects fold. */
export interface ProjectTotals {
  projects: number;
  suites: number;
  cases: number;
  plans: number;
  tests: number;
}

/**
 * `project_totals`: sums over the live (not archived, not deleted) projects,
 * one document for all of them and one for the public ones, so the statistics
 * never add up 200,000 projects per request.
 */
export const PROJECT_TOTALS = 'project_totals';
export type ProjectTotalsId = 'all' | 'public';
export interface ProjectTotalsDocument extends ProjectTotals {
  [key: string]: unknown;
  _id: ProjectTotalsId;
}
