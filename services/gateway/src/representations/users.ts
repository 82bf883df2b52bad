import type { User } from '@testament/contracts';
import type { UserDocument } from '@testament/projections/users/user-document';
import { createHash } from 'node:crypto';

/** The key changes with every upload, so browsers never show a stale avatar. */
export function avatarLink(user: Pick<UserDocument, '_id' | 'avatar'>, origin: string): string {
  if (!user.avatar) return '';
  const version = createHash('sha256').update(user.avatar.key).digest('hex').slice(0, 12);
  return `${origin}/avatars/${user._id}/?v=${version}`;
}

/** The User object of §3.14. */
export function userRepresentation(user: UserDocument, origin: string): User {
  return {
    id: user._id,
    url: `${origin}/api/v2/users/${user._id}/`,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    is_staff: user.isStaff,
    is_active: user.isActive,
    is_superuser: user.isSuperuser,
    date_joined: user.dateJoined,
    groups: [],
    avatar_link: avatarLink(user, origin),
  };
}
