import type { Observable } from 'rxjs';
import { firstPageIfGone, type PageQuery, type Paginated } from '../../api/paginated.ts';
import { apiPath } from '../../api/paths.ts';
import { api } from '../../app/services.ts';
import type { User } from '../../session/user.ts';
import type { UserFilters } from '../users/user-api.ts';

/** UserWithRoles (§3.1): a user and their roles in this project only. */
export interface Member extends User {
  roles: Array<{ id: number; name: string }>;
}

export const memberApi = {
  list: firstPageIfGone(
    ({ projectId, ...query }: PageQuery & UserFilters & { projectId: number }): Observable<Paginated<Member>> =>
      api.get(apiPath(`projects/${projectId}/members/`), { query, handles: [404] }),
  ),
};
