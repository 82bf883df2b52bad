import { projectMemberRoutes, type Member } from '@testament/contracts';
import type { Observable } from 'rxjs';
import { firstPageIfGone, type PageQuery, type Paginated } from '../../api/paginated.ts';
import { api } from '../../app/services.ts';
import type { UserFilters } from '../../entities/user/user-api.ts';

export type { Member } from '@testament/contracts';

const members = api.endpoints(projectMemberRoutes);

export const memberApi = {
  list: firstPageIfGone(
    ({ projectId, ...query }: PageQuery & UserFilters & { projectId: number }): Observable<Paginated<Member>> =>
      members.list({ id: projectId, query }, { handles: [404] }),
  ),
};
