import { NotFoundError, ValidationError, accessMessages } from '@testament/contracts';
import { resolveAccessRequest } from '../access-request/handlers.ts';
import type { KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { loadUser } from '../user/user-lookups.ts';
import type { ProjectCommand } from './decide.ts';

type Run = (projectId: number, command: ProjectCommand, meta: CommandMeta) => Promise<{ position: number; projectId: number }>;

/** The body names the project: one that does not exist is a field error, as for any other reference. */
function projectAsField(projectId: number) {
  return (error: unknown): never => {
    if (error instanceof NotFoundError) throw ValidationError.of('project', accessMessages.doesNotExist(projectId));
    throw error;
  };
}

async function requireUser(deps: KernelDeps, userId: number): Promise<void> {
  const user = await loadUser(deps, userId);
  if (!user.exists || user.deleted) throw ValidationError.of('user', accessMessages.doesNotExist(userId));
}

/** `roles/assign/` and `roles/unassign/` (§3.15): memberships live in the project's stream. */
export function membershipHandlers(deps: KernelDeps, run: Run) {
  return {
    /** The user's roles in the project become exactly `roleIds`; a pending access request of theirs is answered. */
    async assignRoles(input: { projectId: number; userId: number; roleIds: number[] }, meta: CommandMeta) {
      const { projectId, userId, roleIds } = input;
      await deps.roles.refresh();
      const unknown = roleIds.filter((roleId) => !deps.roles.exists(roleId));
      if (unknown.length > 0) throw new ValidationError({ roles: unknown.map(accessMessages.doesNotExist) });
      await requireUser(deps, userId);
      const assigned = await run(projectId, { type: 'SetMemberRoles', userId, roleIds }, meta).catch(projectAsField(projectId));
      const resolved = await resolveAccessRequest(deps, projectId, userId, { ...meta, causationId: meta.commandId });
      return { position: Math.max(assigned.position, resolved.position) };
    },

    async unassignRoles(input: { projectId: number; userId: number }, meta: CommandMeta) {
      const { projectId, userId } = input;
      const { position } = await run(projectId, { type: 'SetMemberRoles', userId, roleIds: [] }, meta).catch(projectAsField(projectId));
      return { position };
    },
  };
}
