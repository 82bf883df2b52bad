import { userRoutes } from '@testament/contracts';
import { map, of, type Observable } from 'rxjs';
import { api } from '../../app/services.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { useUserOptions, useUserSearchText } from '../../components/list/use-user-options.ts';
import type { User } from '../../session/user.ts';

const USERS_OFFERED = 20;

const users = api.endpoints(userRoutes);

/** Users whose name holds the text (everyone may list users). */
const usersFound = (username: string): Observable<User[]> =>
  users.list({ query: { username, page: 1, page_size: USERS_OFFERED } }).pipe(map((page) => page.results));

/** The users the actor filter offers: those the typed name finds, and the chosen ones. */
export function useActorOptions(chosen: readonly number[]): { users: User[]; search(text: string): void } {
  const [search, username] = useUserSearchText();
  const found = useLiveQuery(username, () => of(), usersFound).data ?? [];
  return { users: useUserOptions(found, chosen), search };
}
