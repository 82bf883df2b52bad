import type { UserConfig } from '@testament/contracts';

/** `users` read model: one document per user. Never holds credentials. */
export interface UserDocument {
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
  /** Role ids per project id (string keys). */
  memberships: Record<string, number[]>;
  /** Projects where the user's roles carry `project_restricted`. */
  restrictedProjectIds: string[];
  /** Holds a role with `project_restricted` somewhere (§4.14). */
  isExternal: boolean;
}

export const USERS = 'users';
