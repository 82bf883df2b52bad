import type { ReadStore } from '@testament/infra';
import { grantedBy, type RoleCatalog } from '../roles/role-catalog.ts';
import { loadRoleCatalog } from '../roles/queries.ts';
import type { StoredUserDocument, UserDocument } from './user-document.ts';

/**
 * Worked out again only when the user's document or the role catalogue is
 * replaced (stored documents are never changed in place): a user who created
 * thousands of projects would otherwise pay for every membership on every
 * request, and every request asks for its caller. Kept by user id, not in a
 * WeakMap keyed by the document: the young collector keeps a WeakMap's value
 * alive while its key is old, so every working-out outlived its user's next
 * change until a full collection (under the mixed load, a third of what
 * survived the young generation).
 */
const computed = new Map<number, { source: StoredUserDocument; catalog: RoleCatalog; user: UserDocument }>();

/** The user with what their memberships grant under the current role definitions (§4.14), frozen: it is shared. */
export function withGrants(user: StoredUserDocument, catalog: RoleCatalog): UserDocument {
  const known = computed.get(user._id);
  if (known?.source === user && known.catalog === catalog) return known.user;
  let isExternal = false;
  const viewableProjectIds: number[] = [];
  const manageableProjectIds: number[] = [];
  // Memberships share a handful of role combinations, as one array each (role-sets.ts): what each grants is worked out once.
  const grantsOf = new Map<readonly number[], { restricted: boolean; view: boolean; change: boolean }>();
  const { memberships } = user;
  for (let i = 0; i < memberships.length; i++) {
    const { projectId, roleIds } = memberships[i]!;
    let grants = grantsOf.get(roleIds);
    if (!grants) {
      const granted = grantedBy(catalog, roleIds);
      grants = {
        restricted: granted.has('project_restricted'),
        view: granted.has('view_project'),
        change: granted.has('change_project'),
      };
      grantsOf.set(roleIds, grants);
    }
    if (grants.restricted) isExternal = true;
    if (grants.view) viewableProjectIds.push(projectId);
    if (grants.change) manageableProjectIds.push(projectId);
  }
  const ascending = (a: number, b: number) => a - b;
  viewableProjectIds.sort(ascending);
  manageableProjectIds.sort(ascending);
  const withAccessOf: UserDocument = Object.freeze({ ...user, isExternal, viewableProjectIds, manageableProjectIds });
  computed.set(user._id, { source: user, catalog, user: withAccessOf });
  return withAccessOf;
}

/** The stored users with what their roles grant, from one read of the role catalogue. */
export async function withAccess(readStore: ReadStore, users: StoredUserDocument[]): Promise<UserDocument[]> {
  if (users.length === 0) return [];
  const catalog = await loadRoleCatalog(readStore);
  return users.map((user) => withGrants(user, catalog));
}

export async function oneWithAccess(readStore: ReadStore, user: StoredUserDocument | null): Promise<UserDocument | null> {
  return user ? (await withAccess(readStore, [user]))[0]! : null;
}

/** What the user's roles in one project grant (empty for a project they are not a member of). */
export async function grantsInProject(readStore: ReadStore, user: StoredUserDocument, projectId: number): Promise<ReadonlySet<string>> {
  const membership = user.memberships.find((entry) => entry.projectId === projectId);
  return membership ? grantedBy(await loadRoleCatalog(readStore), membership.roleIds) : new Set();
}
