import { RoleType } from '@testament/contracts';
import type { Filter, ReadStore } from '@testament/infra';
import { findPage, type PageWindow } from '../paging.ts';
import { EMPTY_ROLE_CATALOG, ROLE_CATALOG, ROLE_CATALOG_ID, type RoleCatalog, type RoleCatalogDocument } from './role-catalog.ts';
import { ROLES, type RoleDocument } from './roles-projection.ts';

/** Every live role with its permissions, in one query. */
export async function loadRoleCatalog(readStore: ReadStore): Promise<RoleCatalog> {
  return (await readStore.collection<RoleCatalogDocument>(ROLE_CATALOG).findOne({ _id: ROLE_CATALOG_ID })) ?? EMPTY_ROLE_CATALOG;
}

/** Superuser-only roles are hidden from everybody else (§3.15). */
function visibleRoles(isSuperuser: boolean): Filter {
  return isSuperuser ? {} : { type: { $ne: RoleType.superuserOnly } };
}

/** One page of roles, ordered by name. */
export function listRoles(readStore: ReadStore, viewer: { isSuperuser: boolean }, page: PageWindow) {
  return findPage(readStore.collection<RoleDocument>(ROLES), visibleRoles(viewer.isSuperuser), { nameKey: 1, _id: 1 }, page);
}

export function findRole(readStore: ReadStore, viewer: { isSuperuser: boolean }, roleId: number): Promise<RoleDocument | null> {
  return readStore.collection<RoleDocument>(ROLES).findOne({ $and: [{ _id: roleId }, visibleRoles(viewer.isSuperuser)] });
}
