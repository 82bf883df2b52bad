import { SEEDED_ROLES, permissionCodenames, type RoleEvent } from '@testament/contracts';

export interface RoleDefinition {
  id: number;
  name: string;
  type: number;
  permissions: readonly number[];
  codenames: ReadonlySet<string>;
}

/** The role catalogue: every role definition, in one stream so names stay unique. */
export interface RoleCatalogueState {
  roles: ReadonlyMap<number, RoleDefinition>;
  /** Roles whose definition is in the log; the seeded ones are known before they are written. */
  recorded: ReadonlySet<number>;
  /** Highest id ever used, deleted roles included: ids are never reused. */
  lastId: number;
}

function definition(id: number, name: string, type: number, permissions: readonly number[]): RoleDefinition {
  return { id, name, type, permissions, codenames: new Set(permissionCodenames(permissions)) };
}

export const initialRoleCatalogue: RoleCatalogueState = {
  roles: new Map(SEEDED_ROLES.map((role) => [role.id, definition(role.id, role.name, role.type, role.permissions)])),
  recorded: new Set(),
  lastId: Math.max(...SEEDED_ROLES.map((role) => role.id)),
};

export function evolveRoleCatalogue(state: RoleCatalogueState, event: RoleEvent): RoleCatalogueState {
  const roles = new Map(state.roles);
  switch (event.type) {
    case 'RoleDefined': {
      const { roleId, name, type, permissions } = event.data;
      roles.set(roleId, definition(roleId, name, type, permissions));
      return { roles, recorded: new Set(state.recorded).add(roleId), lastId: Math.max(state.lastId, roleId) };
    }
    case 'RoleChanged': {
      const current = roles.get(event.data.roleId);
      if (!current) return state;
      const { name = current.name, type = current.type, permissions = current.permissions } = event.data;
      roles.set(current.id, definition(current.id, name, type, permissions));
      return { ...state, roles };
    }
    case 'RoleDeleted':
      roles.delete(event.data.roleId);
      return { ...state, roles };
  }
}
