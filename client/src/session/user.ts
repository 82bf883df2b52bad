/** The User object of §3.14, as far as the app reads it. */
export interface User {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  is_superuser: boolean;
  is_active: boolean;
  avatar_link: string;
}

export function displayName(user: User): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
}
