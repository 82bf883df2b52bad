import type { User } from '@testament/contracts';

export type { User } from '@testament/contracts';

export function displayName(user: User): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
}
