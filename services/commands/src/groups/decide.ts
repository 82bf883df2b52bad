import { NotFoundError, PERMISSIONS, PermissionDeniedError, ValidationError, accessMessages, type GroupEvent } from '@testament/contracts';
import type { DecisionContext, Decider } from '../kernel/decider.ts';

export interface GroupFields {
  name: string;
  permissions: number[];
}

export interface Group extends GroupFields {
  id: number;
}

/** Every group, in one stream: a name is decided unique against all the others. */
export interface GroupsState {
  groups: ReadonlyMap<number, Group>;
  /** Highest id ever used, deleted groups included: ids are never reused. */
  lastId: number;
}

export type GroupCommand =
  | ({ type: 'CreateGroup' } & GroupFields)
  | ({ type: 'ChangeGroup'; groupId: number } & Partial<GroupFields>)
  | { type: 'DeleteGroup'; groupId: number };

const knownPermissions = new Set(PERMISSIONS.map((permission) => permission.id));
const sortedUnique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** Authentication groups are the admin site's business, as roles are: superusers only (§4.14). */
function requireSuperuser(context: DecisionContext): void {
  if (!context.actor.isSuperuser) throw new PermissionDeniedError();
}

/** Names are unique as Django keeps them: exactly, case and all. */
function validated(state: GroupsState, fields: Partial<GroupFields>, groupId: number | null): Partial<GroupFields> {
  const clean: Partial<GroupFields> = {};
  if (fields.name !== undefined) {
    const name = fields.name.trim();
    if (!name) throw ValidationError.of('name', 'This field may not be blank.');
    if ([...state.groups.values()].some((group) => group.id !== groupId && group.name === name))
      throw ValidationError.of('name', accessMessages.groupNameTaken);
    clean.name = name;
  }
  if (fields.permissions !== undefined) {
    const unknown = fields.permissions.filter((id) => !knownPermissions.has(id));
    if (unknown.length > 0) throw new ValidationError({ permissions: unknown.map(accessMessages.doesNotExist) });
    clean.permissions = sortedUnique(fields.permissions);
  }
  return clean;
}

function existing(state: GroupsState, groupId: number): Group {
  const group = state.groups.get(groupId);
  if (!group) throw new NotFoundError();
  return group;
}

export function decideGroups(command: GroupCommand, state: GroupsState, context: DecisionContext): GroupEvent[] {
  requireSuperuser(context);
  switch (command.type) {
    case 'CreateGroup': {
      const { name, permissions } = validated(state, command, null) as GroupFields;
      return [{ type: 'GroupCreated', data: { groupId: state.lastId + 1, name, permissions } }];
    }
    case 'ChangeGroup': {
      const group = existing(state, command.groupId);
      const fields = validated(state, command, group.id);
      const changes: Extract<GroupEvent, { type: 'GroupChanged' }>['data'] = { groupId: group.id };
      if (fields.name !== undefined && fields.name !== group.name) changes.name = fields.name;
      if (fields.permissions !== undefined && fields.permissions.join() !== group.permissions.join())
        changes.permissions = fields.permissions;
      return Object.keys(changes).length === 1 ? [] : [{ type: 'GroupChanged', data: changes }];
    }
    case 'DeleteGroup':
      return [{ type: 'GroupDeleted', data: { groupId: existing(state, command.groupId).id } }];
  }
}

export function evolveGroups(state: GroupsState, event: GroupEvent): GroupsState {
  const groups = new Map(state.groups);
  switch (event.type) {
    case 'GroupCreated': {
      const { groupId, name, permissions } = event.data;
      groups.set(groupId, { id: groupId, name, permissions: sortedUnique(permissions) });
      return { groups, lastId: Math.max(state.lastId, groupId) };
    }
    case 'GroupChanged': {
      const current = groups.get(event.data.groupId);
      if (!current) return state;
      const { name = current.name, permissions = current.permissions } = event.data;
      groups.set(current.id, { id: current.id, name, permissions: sortedUnique(permissions) });
      return { ...state, groups };
    }
    case 'GroupDeleted':
      groups.delete(event.data.groupId);
      return { ...state, groups };
  }
}

export const groupDecider: Decider<GroupCommand, GroupsState, GroupEvent> = {
  initialState: { groups: new Map(), lastId: 0 },
  decide: decideGroups,
  evolve: evolveGroups,
};
