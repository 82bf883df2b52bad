import type { StoredAvatar, UserConfig } from '@testament/contracts';
import type { ProjectRoles } from '../roles/role-sets.ts';

/** `users` read model: one document per user, as stored. Never holds credentials. */
export interface StoredUserDocument {
  [key: string]: unknown;
  _id: number;
  username: string;
  /** Lower-cased username, for case-insensitive lookups. */
  usernameKey: string;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  isSuperuser: boolean;
  isStaff: boolean;
  dateJoined: string;
  config: UserConfig;
  /** Deleted users stay for history but are hidden from lists and cannot sign in. */
  isDeleted: boolean;
  avatar: StoredAvatar | null;
  /** The user's roles per project, by project id. */
  memberships: ProjectRoles[];
  /**
   * Global position of the user's last password change, deactivation or
   * deletion (0 before any): each ends every session that started before it,
   * so only sessions that started after this position are valid.
   */
  sessionsValidAfter: number;
}

/**
 * A user as the queries hand them out: the stored document plus what their
 * roles grant today. Role permissions can change, so this is never stored but
 * worked out at read time from the roles read model (`access.ts`).
 */
export interface UserDocument extends StoredUserDocument {
  /** Holds a role with `project_restricted` somewhere (§4.14). */
  isExternal: boolean;
  /** Projects where the user's roles grant `view_project` / `change_project`, in ascending order (looked up by halving). */
  viewableProjectIds: readonly number[];
  manageableProjectIds: readonly number[];
}

export const USERS = 'users';
