import { Outlet } from 'react-router';
import { ErrorPage } from '../shell/ErrorPage.tsx';
import { useSignedInUser } from '../shell/use-signed-in-user.ts';

/**
 * The administration screens are for superusers (reference §2.3): anyone else
 * gets the no-permission page, as the sidebar never offers them the links.
 * The API still lists users to everyone signed in, without the management
 * actions, because access management and assignee pickers need it.
 */
export function RequireSuperuser() {
  return useSignedInUser().is_superuser ? <Outlet /> : <ErrorPage code={403} />;
}
