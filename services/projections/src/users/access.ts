import type { ReadStore } from '@testament/infra';
import { grantedBy, type RoleCatalog } from '../roles/role-catalog.ts';
import { loadRoleCatalog } from '../roles/queries.ts';
import type { StoredUserDocument, UserDocument } from './user-document.ts';

/** What the user's memberships grant under the current role definitions (§4.14). */
export function accessOf(user: Pick<StoredUserDocument, 'memberships'>, catalog: RoleCatalog) {
  const viewableProjectIds: number[] = [];
  const manageableProjectIds: number[] = [];
  let isExternal = false;
  for (const { projectId, roleIds } of user.memberships) {
    const granted = grantedBy(catalog, roleIds);
    if (granted.has('project_restricted')) isExternal = true;
    if (granted.has('view_project')) viewableProjectIds.push(projectId);
    if (granted.has('change_project')) manageableProjectIds.push(projectId);
  }
  return { isExternal, viewableProjectIds, manageableProjectIds };
}

/** The stored users with what their roles grant, from one read of the role catalogue. */
export async function withAccess(readStore: ReadStore, users: StoredUserDocument[]): Promise<UserDocument[]> {
  if (users.length === 0) return [];
  const catalog = await loadRoleCatalog(readStore);
  return users.map((user) => ({ ...user, ...accessOf(user, catalog) }));
}

export async function oneWithAccess(readStore: ReadStore, user: StoredUserDocument | null): Promise<UserDocument | null> {
  return user ? (await withAccess(readStore, [user]))[0]! : null;
}
