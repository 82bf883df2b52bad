import type { User } from '../../session/user.ts';

/** The system's own authors (the seeded admin, CI runs, rows of unknown origin) have no one's profile to show (cases-and-plans §2). */
const ACCOUNTS_WITHOUT_PROFILE = new Set(['admin', 'ci', 'unknown']);

/**
 * Where a record's author links to: the reader's own profile, or for a superuser the users page
 * found by the name; null (plain text) for the system's own authors and for names a reader cannot look up.
 */
export function userProfilePath(username: string, reader: Pick<User, 'username' | 'is_superuser'>): string | null {
  if (ACCOUNTS_WITHOUT_PROFILE.has(username)) return null;
  if (username === reader.username) return '/profile';
  return reader.is_superuser ? `/administration/users?${new URLSearchParams({ username })}` : null;
}
