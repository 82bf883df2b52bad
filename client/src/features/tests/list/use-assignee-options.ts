import { useObservableCallback, useObservableState } from 'observable-hooks';
import { useRef } from 'react';
import { catchError, debounceTime, forkJoin, map, of, type Observable } from 'rxjs';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import type { User } from '../../../session/user.ts';
import { projectApi } from '../../projects/project-api.ts';
import { testListApi, type UserSearch } from './test-list-api.ts';

/** cases-and-plans §9: the user search asks once typing pauses 250 ms. */
export const USER_SEARCH_DEBOUNCE_MS = 250;

/** The users found for a search; none while the project loads. */
const usersFound = (search: UserSearch | null): Observable<User[]> => (search ? testListApi.users(search).pipe(map((page) => page.results)) : of([]));

/** Chosen users the search did not bring, asked for one by one; one gone meanwhile is left out. */
const usersByIds = (ids: number[]): Observable<User[]> =>
  ids.length === 0 ? of([]) : forkJoin(ids.map((id) => testListApi.user(id).pipe(catchError(() => of(null))))).pipe(map((users) => users.filter((user): user is User => user !== null)));

/**
 * The users the assignee filter offers: those the typed name finds among the
 * project's possible assignees, and the chosen ones, so that their names show
 * whatever was searched since; by username.
 */
export function useAssigneeOptions(projectId: number, chosen: readonly number[]): { users: User[]; search(text: string): void } {
  const [search, typed$] = useObservableCallback<string>((text$) => text$.pipe(debounceTime(USER_SEARCH_DEBOUNCE_MS)));
  const username = useObservableState(typed$, '');
  const project = useLiveQuery(projectId, (id) => changesOf(topics.project(id)), projectApi.get).data;
  const found = useLiveQuery(project ? { projectId, isPrivate: project.is_private, username } : null, () => changesOf(topics.project(projectId)), usersFound).data ?? [];
  const seen = useRef(new Map<number, User>());
  for (const user of found) seen.current.set(user.id, user);
  const missing = chosen.filter((id) => !seen.current.has(id));
  const fetched = useLiveQuery(missing, () => of(), usersByIds).data ?? [];
  for (const user of fetched) seen.current.set(user.id, user);
  const shown = new Map(found.map((user) => [user.id, user]));
  for (const id of chosen) {
    const user = seen.current.get(id);
    if (user) shown.set(id, user);
  }
  // In one order whatever was searched, so that the options stay where they were while answers come.
  return { users: [...shown.values()].sort((a, b) => a.username.localeCompare(b.username)), search };
}
