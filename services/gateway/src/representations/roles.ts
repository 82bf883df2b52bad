import { PERMISSIONS, type Permission, type Role } from '@testament/contracts';
import type { RoleDocument } from '@testament/projections/roles/roles-projection';

const permissionById = new Map(PERMISSIONS.map((permission) => [permission.id, permission]));

/** Permission (§3.15): `{id, name, codename}`. */
export function permissionRepresentation({ id, name, codename }: Permission): Permission {
  return { id, name, codename };
}

/** The permission objects of a list of permission ids, unknown ids left out. */
export function permissionsOf(ids: readonly number[]) {
  return ids.flatMap((id) => {
    const permission = permissionById.get(id);
    return permission ? [permissionRepresentation(permission)] : [];
  });
}

/** Role (§3.15): `{id, name, permissions (ids), type, url}`. */
export function roleRepresentation(role: RoleDocument, origin: string): Role {
  return { id: role._id, name: role.name, permissions: role.permissions, type: role.type, url: `${origin}/api/v2/roles/${role._id}/` };
}
