import { userRoutes, type profilePatchBody, type userCreateBody, type userPatchBody } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { firstPageIfGone, type PageQuery, type Paginated } from '../../api/paginated.ts';
import { api } from '../../app/services.ts';
import type { User } from '../../session/user.ts';

/** `GET users/` filters (§3.14): text containment on each, ANDed. */
export type UserFilters = Partial<Record<'username' | 'email' | 'first_name' | 'last_name', string>> & {
  is_active?: boolean | undefined;
  is_superuser?: boolean | undefined;
};

export type UserCreateBody = z.input<typeof userCreateBody>;
export type UserPatchBody = z.input<typeof userPatchBody>;

const users = api.endpoints(userRoutes);

/** Calls to `users/` (§3.14): everyone lists, superusers manage; forms show 400 fields and 403 details themselves. */
export const userApi = {
  list: firstPageIfGone((query: PageQuery & UserFilters): Observable<Paginated<User>> => users.list({ query }, { handles: [404] })),
  create: (body: UserCreateBody): Observable<User> => users.create({ body }, { handles: [403] }),
  update: (id: number, body: UserPatchBody): Observable<User> => users.update({ id, body }, { handles: [403] }),
  remove: (id: number): Observable<void> => users.destroy({ id }, { handles: [400, 403] }),
  /** Ends the other sessions and starts a new one here (§2.2). */
  changePassword: (password: string): Observable<string> =>
    users.changePassword({ body: { password } }, { handles: [403], replacesSession: true }),
  updateProfile: (body: z.input<typeof profilePatchBody>): Observable<User> => users.updateMe({ body }, { handles: [403] }),
};
