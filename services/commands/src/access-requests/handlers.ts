import { streams } from '@testament/contracts';
import { handleCommand, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { accessRequestDecider } from './decide.ts';

/** Marks the user's pending request to the project as answered; called after their roles were assigned. */
export async function resolveAccessRequest(deps: KernelDeps, projectId: number, userId: number, meta: CommandMeta) {
  const command = { type: 'ResolveAccessRequest' as const, projectId, userId };
  const { position } = await handleCommand(deps, accessRequestDecider, streams.accessRequest(projectId, userId), command, meta);
  return { position };
}

export function accessRequestHandlers(deps: KernelDeps) {
  return {
    /** §3.1 `POST projects/{id}/access/`: the caller asks to be let into a project they cannot see. */
    async request(input: { projectId: number; reason: string }, meta: CommandMeta) {
      const userId = meta.actor.userId ?? 0;
      const project = await deps.projectAccess(input.projectId, meta.actor);
      const command = { type: 'RequestAccess' as const, projectId: input.projectId, userId, reason: input.reason };
      const { position } = await handleCommand(deps, accessRequestDecider, streams.accessRequest(input.projectId, userId), command, meta, {
        project,
      });
      return { position };
    },
  };
}
