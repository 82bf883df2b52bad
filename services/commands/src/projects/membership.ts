import { NotFoundError, ValidationError, accessMessages } from '@testament/contracts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import type { ProjectCommand } from './decide.ts';

type Run = (projectId: number, command: ProjectCommand, meta: CommandMeta) => Promise<{ position: number; projectId: number }>;

/** Sets a member's roles in a project (the `setMemberRoles` command). */
export type SetMemberRoles = (
  input: { projectId: number; userId: number; roleIds: number[] },
  meta: CommandMeta,
) => Promise<{ position: number }>;

/** The body names the project: one that does not exist is a field error, as for any other reference. */
export function projectAsField(projectId: number) {
  return (error: unknown): never => {
    if (error instanceof NotFoundError) throw ValidationError.of('project', accessMessages.doesNotExist(projectId));
    throw error;
  };
}

/**
 * `roles/unassign/` (§3.15): memberships live in the project's stream.
 * `roles/assign/` also checks the user and answers their access request, so it
 * is a workflow (workflows/role-assignment.ts).
 */
export function membershipHandlers(run: Run) {
  return {
    async unassignRoles(input: { projectId: number; userId: number }, meta: CommandMeta) {
      const { projectId, userId } = input;
      const { position } = await run(projectId, { type: 'SetMemberRoles', userId, roleIds: [] }, meta).catch(projectAsField(projectId));
      return { position };
    },
  };
}
