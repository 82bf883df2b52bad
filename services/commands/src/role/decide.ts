import { ValidationError, type RoleEvent } from '@testament/contracts';
import type { Decider } from '../kernel/decider.ts';

export interface RoleState {
  exists: boolean;
  name: string;
  permissions: readonly number[];
}

export type RoleCommand = { type: 'DefineRole'; roleId: number; name: string; roleType: number; permissions: number[] };

export const roleDecider: Decider<RoleCommand, RoleState, RoleEvent> = {
  initialState: { exists: false, name: '', permissions: [] },
  decide(command, state) {
    if (state.exists) throw ValidationError.of('name', 'role with this name already exists.');
    const { roleId, name, roleType, permissions } = command;
    return [{ type: 'RoleDefined', data: { roleId, name, type: roleType, permissions } }];
  },
  evolve(state, event) {
    return { ...state, exists: true, name: event.data.name, permissions: event.data.permissions };
  },
};

export const roleStream = (roleId: number) => `role-${roleId}`;
