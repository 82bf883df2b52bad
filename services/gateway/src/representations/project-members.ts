import type { Member } from '@testament/contracts';
import type { RoleCatalog } from '@testament/projections/roles/role-catalog';
import type { UserDocument } from '@testament/projections/users/user-document';
import { permissionsOf } from './roles.ts';
import { userRepresentation } from './users.ts';

/** UserWithRoles (§3.1): a User plus their roles in this project only, deleted roles left out. */
export function memberRepresentation(user: UserDocument, projectId: number, catalog: RoleCatalog, origin: string): Member {
  const roleIds = user.memberships.find((membership) => membership.projectId === projectId)?.roleIds ?? [];
  const roles = roleIds.flatMap((roleId) => {
    const role = catalog.roles[roleId];
    return role ? [{ id: roleId, name: role.name, type: role.type, permissions: permissionsOf(role.permissions) }] : [];
  });
  return { ...userRepresentation(user, origin), roles };
}
