import type { MemberRoles } from './role-sets.ts';

/** One role as the catalogue document keeps it. */
export interface CatalogRole {
  name: string;
  type: number;
  permissions: number[];
  codenames: string[];
}

/**
 * Every live role in one document (`role_catalog`, id `roles`): folds that need
 * role permissions name this one key, and reads load it with one query to work
 * out at read time what memberships grant, so a role change is never stale.
 */
export interface RoleCatalogDocument {
  [key: string]: unknown;
  _id: 'roles';
  roles: Record<string, CatalogRole>;
}

export const ROLE_CATALOG = 'role_catalog';
export const ROLE_CATALOG_ID = 'roles';

export type RoleCatalog = Pick<RoleCatalogDocument, 'roles'>;

export const EMPTY_ROLE_CATALOG: RoleCatalog = { roles: {} };

/** The permission codenames a set of roles grants; deleted roles grant nothing. */
export function grantedBy(catalog: RoleCatalog, roleIds: readonly number[]): Set<string> {
  const granted = new Set<string>();
  for (const roleId of roleIds) for (const codename of catalog.roles[roleId]?.codenames ?? []) granted.add(codename);
  return granted;
}

/** Roles that carry `project_restricted`: whoever holds one is an external user (§4.14). */
export function restrictedRoleIds(catalog: RoleCatalog): number[] {
  return Object.entries(catalog.roles)
    .filter(([, role]) => role.codenames.includes('project_restricted'))
    .map(([id]) => Number(id));
}

/** Members (user id → role ids) whose roles grant the codename. */
export function membersGranted(catalog: RoleCatalog, members: readonly MemberRoles[], codename: string): number[] {
  return members.filter(({ roleIds }) => grantedBy(catalog, roleIds).has(codename)).map(({ userId }) => userId);
}
