import { map, of, type Observable } from 'rxjs';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { useUserOptions, useUserSearchText } from '../../../components/list/use-user-options.ts';
import type { User } from '../../../session/user.ts';
import { projectApi } from '../../../entities/project/project-api.ts';
import { testListApi, type UserSearch } from './test-list-api.ts';

/** The users found for a search; none while the project loads. */
const usersFound = (search: UserSearch | null): Observable<User[]> =>
  search ? testListApi.users(search).pipe(map((page) => page.results)) : of([]);

/**
 * The users the assignee filter offers: those the typed name finds among the
 * project's possible assignees, and the chosen ones.
 */
export function useAssigneeOptions(projectId: number, chosen: readonly number[]): { users: User[]; search(text: string): void } {
  const [search, username] = useUserSearchText();
  const project = useLiveQuery(projectId, (id) => changesOf(topics.project(id)), projectApi.get).data;
  const found =
    useLiveQuery(
      project ? { projectId, isPrivate: project.is_private, username } : null,
      () => changesOf(topics.project(projectId)),
      usersFound,
    ).data ?? [];
  return { users: useUserOptions(found, chosen), search };
}
