import type { ProjectSettings } from '@testament/contracts';

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
   * Role ids per member user id (string keys). What they grant is worked out
   * at read time from the roles read model, so role changes apply at once.
   */
  members: Record<string, number[]>;
  memberIds: number[];
  counts: { suites: number; cases: number; plans: number; tests: number };
  createdAt: string;
  updatedAt: string;
}

export const PROJECTS = 'projects';
