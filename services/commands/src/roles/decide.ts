import {
  NotFoundError,
  PERMISSIONS,
  PermissionDeniedError,
  RoleType,
  SEEDED_ROLES,
  ValidationError,
  accessMessages,
  type RoleEvent,
} from '@testament/contracts';
import type { DecisionContext, Decider } from '../kernel/decider.ts';
import { evolveRoleCatalogue, initialRoleCatalogue, type RoleCatalogueState } from './evolve.ts';

export interface RoleFields {
  name: string;
  roleType: number;
  permissions: number[];
}

export type RoleCommand =
  /** First start (§4.2): writes the seeded definitions that are not in the log yet. */
  | { type: 'SeedRoles' }
  | ({ type: 'CreateRole' } & RoleFields)
  | ({ type: 'ChangeRole'; roleId: number } & Partial<RoleFields>)
  | { type: 'DeleteRole'; roleId: number };

const seededIds = new Set(SEEDED_ROLES.map((role) => role.id));
const knownPermissions = new Set(PERMISSIONS.map((p) => p.id));
const roleTypes: number[] = Object.values(RoleType);

const nameKey = (name: string) => name.trim().toLowerCase();

/** Role CRUD is the admin site's business: superusers only (§4.14). */
function requireSuperuser(context: DecisionContext): void {
  if (!context.actor.isSuperuser) throw new PermissionDeniedError();
}

function validated(state: RoleCatalogueState, fields: Partial<RoleFields>, roleId: number | null): Partial<RoleFields> {
  const clean: Partial<RoleFields> = {};
  if (fields.name !== undefined) {
    const name = fields.name.trim();
    if (!name) throw ValidationError.of('name', 'This field may not be blank.');
    const taken = [...state.roles.values()].some((role) => role.id !== roleId && nameKey(role.name) === nameKey(name));
    if (taken) throw ValidationError.of('name', accessMessages.roleNameTaken);
    clean.name = name;
  }
  if (fields.roleType !== undefined) {
    if (!roleTypes.includes(fields.roleType)) throw ValidationError.of('type', accessMessages.invalidRoleType);
    clean.roleType = fields.roleType;
  }
  if (fields.permissions !== undefined) {
    const unknown = fields.permissions.filter((id) => !knownPermissions.has(id));
    if (unknown.length > 0) throw new ValidationError({ permissions: unknown.map(accessMessages.doesNotExist) });
    clean.permissions = [...new Set(fields.permissions)].sort((a, b) => a - b);
  }
  return clean;
}

/** A seeded role that was never written gets its definition written before it changes. */
function definedFirst(state: RoleCatalogueState, roleId: number): RoleEvent[] {
  const role = state.roles.get(roleId);
  if (!role || state.recorded.has(roleId)) return [];
  return [{ type: 'RoleDefined', data: { roleId, name: role.name, type: role.type, permissions: [...role.permissions] } }];
}

function decideChange(command: Extract<RoleCommand, { type: 'ChangeRole' }>, state: RoleCatalogueState): RoleEvent[] {
  const role = state.roles.get(command.roleId);
  if (!role) throw new NotFoundError();
  const fields = validated(state, command, role.id);
  const changes: Extract<RoleEvent, { type: 'RoleChanged' }>['data'] = { roleId: role.id };
  if (fields.name !== undefined && fields.name !== role.name) changes.name = fields.name;
  if (fields.roleType !== undefined && fields.roleType !== role.type) changes.type = fields.roleType;
  if (fields.permissions !== undefined && fields.permissions.join() !== [...role.permissions].sort((a, b) => a - b).join()) {
    changes.permissions = fields.permissions;
  }
  if (Object.keys(changes).length === 1) return [];
  return [...definedFirst(state, role.id), { type: 'RoleChanged', data: changes }];
}

export function decideRoles(command: RoleCommand, state: RoleCatalogueState, context: DecisionContext): RoleEvent[] {
  if (command.type === 'SeedRoles') {
    return SEEDED_ROLES.filter((role) => !state.recorded.has(role.id)).flatMap((role) => definedFirst(state, role.id));
  }
  requireSuperuser(context);
  switch (command.type) {
    case 'CreateRole': {
      const { name, roleType, permissions } = validated(state, command, null) as RoleFields;
      return [{ type: 'RoleDefined', data: { roleId: state.lastId + 1, name, type: roleType, permissions } }];
    }
    case 'ChangeRole':
      return decideChange(command, state);
    case 'DeleteRole': {
      if (!state.roles.has(command.roleId)) throw new NotFoundError();
      if (seededIds.has(command.roleId)) throw ValidationError.general(accessMessages.seededRoleDelete);
      return [{ type: 'RoleDeleted', data: { roleId: command.roleId } }];
    }
  }
}

export const roleDecider: Decider<RoleCommand, RoleCatalogueState, RoleEvent> = {
  initialState: initialRoleCatalogue,
  decide: decideRoles,
  evolve: evolveRoleCatalogue,
};

export { nameKey as roleNameKey };
