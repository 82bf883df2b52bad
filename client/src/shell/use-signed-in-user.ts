import { useObservableEagerState } from 'observable-hooks';
import { session } from '../app/services.ts';
import type { User } from '../session/user.ts';

/** The user inside the shell, where RequireUser guarantees one. */
export function useSignedInUser(): User {
  const user = useObservableEagerState(session.user$);
  if (!user) throw new Error('useSignedInUser outside RequireUser');
  return user;
}
