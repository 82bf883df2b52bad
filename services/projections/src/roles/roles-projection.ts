import { topics, permissionCodenames, type RoleEvent } from '@testament/contracts';
import { projection, type ProjectionView } from '../runner/projection.ts';
import { EMPTY_ROLE_CATALOG, ROLE_CATALOG, ROLE_CATALOG_ID, type RoleCatalogDocument } from './role-catalog.ts';

export const ROLES = 'roles';

/** `roles` read model: one document per live role, for `roles/` (ordered by name). */
export interface RoleDocument {
  [key: string]: unknown;
  _id: number;
  name: string;
  /** Lower-cased name, for ordering. */
  nameKey: string;
  type: number;
  permissions: number[];
  codenames: string[];
}

function roleDocument(roleId: number, name: string, type: number, permissions: number[]): RoleDocument {
  return { _id: roleId, name, nameKey: name.toLowerCase(), type, permissions, codenames: permissionCodenames(permissions) };
}

/** The next version of the role, or null when it is gone. */
function evolveRole(current: RoleDocument | undefined, event: RoleEvent): RoleDocument | null | undefined {
  switch (event.type) {
    case 'RoleDefined':
      return roleDocument(event.data.roleId, event.data.name, event.data.type, event.data.permissions);
    case 'RoleChanged': {
      if (!current) return undefined;
      const { name = current.name, type = current.type, permissions = current.permissions } = event.data;
      return roleDocument(current._id, name, type, permissions);
    }
    case 'RoleDeleted':
      return null;
  }
}

function putInCatalogue(view: ProjectionView, role: RoleDocument | null, roleId: number): void {
  const catalogue = view.get<RoleCatalogDocument>(ROLE_CATALOG, ROLE_CATALOG_ID) ?? { _id: ROLE_CATALOG_ID, ...EMPTY_ROLE_CATALOG };
  const roles = { ...catalogue.roles };
  if (role) roles[roleId] = { name: role.name, type: role.type, permissions: role.permissions, codenames: role.codenames };
  else delete roles[roleId];
  view.put(ROLE_CATALOG, { _id: ROLE_CATALOG_ID, roles } satisfies RoleCatalogDocument);
}

export const rolesProjection = projection<RoleEvent>({
  name: 'roles',
  source: import.meta.url,
  // Roles are defined by superusers, a few dozen at most; the catalogue is one document.
  collections: { [ROLES]: { indexes: [{ keys: { nameKey: 1 } }], bounded: true }, [ROLE_CATALOG]: { indexes: [], bounded: true } },
  handles: new Set(['RoleDefined', 'RoleChanged', 'RoleDeleted']),
  keys: (event) => [
    [ROLES, event.data.roleId],
    [ROLE_CATALOG, ROLE_CATALOG_ID],
  ],
  apply(event, view) {
    const roleId = event.data.roleId;
    const next = evolveRole(view.get<RoleDocument>(ROLES, roleId), event);
    if (next === undefined) return;
    if (next) view.put(ROLES, next);
    else view.remove(ROLES, roleId);
    putInCatalogue(view, next, roleId);
    view.notify(topics.roles);
  },
});
