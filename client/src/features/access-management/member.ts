import type { Member } from '@testament/contracts';
import type { Observable } from 'rxjs';
import { firstPageIfGone, type PageQuery, type Paginated } from '../../api/paginated.ts';
import { apiPath } from '../../api/paths.ts';
import { api } from '../../app/services.ts';
import type { UserFilters } from '../users/user-api.ts';

export type { Member } from '@testament/contracts';

export const memberApi = {
  list: firstPageIfGone(
    ({ projectId, ...query }: PageQuery & UserFilters & { projectId: number }): Observable<Paginated<Member>> =>
      api.get(apiPath(`projects/${projectId}/members/`), { query, handles: [404] }),
  ),
};
