import { permissionCodenames, type RoleEvent } from '@testament/contracts';
import type { Projection } from '../runner/projection.ts';

export const ROLES = 'roles';

export interface RoleDocument {
  [key: string]: unknown;
  _id: number;
  name: string;
  type: number;
  permissions: number[];
  codenames: string[];
}

export const rolesProjection: Projection = {
  name: 'roles',
  collections: { [ROLES]: [{ keys: { name: 1 } }] },
  handles: new Set(['RoleDefined']),
  keys: (event) => [[ROLES, (event.data as RoleEvent['data']).roleId]],
  apply(event, view) {
    const { roleId, name, type, permissions } = event.data as RoleEvent['data'];
    view.put(ROLES, { _id: roleId, name, type, permissions, codenames: permissionCodenames(permissions) } satisfies RoleDocument);
    view.notify('roles');
  },
};
