import { streams } from '@testament/contracts';
import { handleCommand, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import type { CatalogueItemRef } from '../project-catalogue/handlers.ts';
import { projectDecider } from '../projects/decide.ts';
import { statusCatalogue } from '../statuses/handlers.ts';
import { commandUnit, type UnitOf } from '../kernel/command-units.ts';

/**
 * §3.8: a project whose default status is deleted gets none. The status
 * catalogue and the project are two streams, written in this order; the
 * project's change is caused by the deletion's command.
 */
export function deleteStatusClearingDefault(deps: KernelDeps) {
  const statuses = statusCatalogue(deps);
  return async (input: CatalogueItemRef, meta: CommandMeta) => {
    const deleted = await statuses.delete(input.projectId, input.id, meta);
    if (input.projectId === null) return deleted;
    const command = { type: 'ClearDefaultStatus' as const, statusId: input.id };
    const cleared = await handleCommand(deps, projectDecider, streams.project.of(input.projectId), command, {
      ...meta,
      causationId: meta.commandId,
    });
    return { position: Math.max(deleted.position, cleared.position) };
  };
}

/** Deleting a status clears it where it is the project's default. */
export const commands = commandUnit({
  resource: 'statuses',
  handlers: ({ kernel }) => ({ delete: deleteStatusClearingDefault(kernel) }),
});

declare module '../kernel/command-units.ts' {
  interface CommandUnits {
    'workflows/status-deletion': UnitOf<typeof commands>;
  }
}
