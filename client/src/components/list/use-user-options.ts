import { useObservableCallback, useObservableState } from 'observable-hooks';
import { useRef } from 'react';
import { catchError, debounceTime, forkJoin, map, of, type Observable } from 'rxjs';
import { userRoutes } from '@testament/contracts';
import { api } from '../../app/services.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import type { User } from '../../session/user.ts';

/** cases-and-plans §9: a user search asks once typing pauses 250 ms. */
export const USER_SEARCH_DEBOUNCE_MS = 250;

const users = api.endpoints(userRoutes);

const userById = (id: number): Observable<User | null> => users.retrieve({ id }, { handles: [404] }).pipe(catchError(() => of(null)));

/** Chosen users a search did not bring, asked for one by one; one gone meanwhile is left out. */
const usersByIds = (ids: number[]): Observable<User[]> =>
  ids.length === 0 ? of([]) : forkJoin(ids.map(userById)).pipe(map((users) => users.filter((user): user is User => user !== null)));

/** The typed search text, once typing pauses, and the callback the input calls. */
export function useUserSearchText(): [search: (text: string) => void, username: string] {
  const [search, typed$] = useObservableCallback<string>((text$) => text$.pipe(debounceTime(USER_SEARCH_DEBOUNCE_MS)));
  return [search, useObservableState(typed$, '')];
}

/**
 * A user filter's options: the users a search found, and the chosen ones, so that their
 * names show whatever was searched since; by username, in one order whatever was searched,
 * so the options stay where they were while answers come.
 */
export function useUserOptions(found: readonly User[], chosen: readonly number[]): User[] {
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
  return [...shown.values()].sort((a, b) => a.username.localeCompare(b.username));
}
