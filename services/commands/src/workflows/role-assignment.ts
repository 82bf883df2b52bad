import { ValidationError, accessMessages } from '@testament/contracts';
import { resolveAccessRequest } from '../access-requests/handlers.ts';
import type { KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { projectAsField, type SetMemberRoles } from '../projects/membership.ts';
import { loadUser } from '../users/user-lookups.ts';
import { commandUnit, type UnitOf } from '../kernel/command-units.ts';

export interface AssignRolesInput {
  projectId: number;
  userId: number;
  roleIds: number[];
}

/**
 * `roles/assign/` (§3.15): the user (their stream) must exist, their roles in
 * the project (its stream) become exactly `roleIds`, and a pending access
 * request of theirs (its own stream) is answered, caused by the same command.
 */
export function assignRolesAnsweringRequest(deps: KernelDeps, setMemberRoles: SetMemberRoles) {
  return async (input: AssignRolesInput, meta: CommandMeta) => {
    const { projectId, userId, roleIds } = input;
    await deps.roles.refresh();
    const unknown = roleIds.filter((roleId) => !deps.roles.exists(roleId));
    if (unknown.length > 0) throw new ValidationError({ roles: unknown.map(accessMessages.doesNotExist) });
    const user = await loadUser(deps, userId);
    if (!user.exists || user.deleted) throw ValidationError.of('user', accessMessages.doesNotExist(userId));
    const assigned = await setMemberRoles(input, meta).catch(projectAsField(projectId));
    const resolved = await resolveAccessRequest(deps, projectId, userId, { ...meta, causationId: meta.commandId });
    return { position: Math.max(assigned.position, resolved.position) };
  };
}

/** Setting a member's roles answers their access request. */
export const commands = commandUnit({
  resource: 'projects',
  handlers: ({ kernel, ports }) => ({ assignRoles: assignRolesAnsweringRequest(kernel, ports.projects.setMemberRoles) }),
});

declare module '../kernel/command-units.ts' {
  interface CommandUnits {
    'workflows/role-assignment': UnitOf<typeof commands>;
  }
}
