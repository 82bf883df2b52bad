import { streams, LAST_SEEDED_STATUS_ID, StatusType, SYSTEM_STATUSES, type StatusEvent } from '@testament/contracts';
import { appendOnce, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { catalogueCommands, loadCatalogue, type CatalogueItemRef, itemHandlers } from '../project-catalogue/handlers.ts';
import { statusDecider, type StatusFacts, type StatusFields } from './decide.ts';

const STATUSES = 'statuses';

export function statusCatalogue(deps: KernelDeps) {
  return catalogueCommands(deps, statusDecider, { resource: STATUSES, idType: 'status', seededUpTo: LAST_SEEDED_STATUS_ID });
}

/** The ids of the statuses a project may use: the system ones and its own, deleted ones left out. */
export async function usableStatusIds(deps: KernelDeps, projectId: number): Promise<number[]> {
  const [system, own] = await Promise.all([
    loadCatalogue(deps, statusDecider, STATUSES, null),
    loadCatalogue(deps, statusDecider, STATUSES, projectId),
  ]);
  return [...system.items.values(), ...own.items.values()].filter((item) => !item.deleted).map((item) => item.id);
}

export function statusHandlers(deps: KernelDeps) {
  const statuses = statusCatalogue(deps);
  const items = itemHandlers(statuses);
  const facts = async (): Promise<StatusFacts> => {
    const system = await statuses.load(null);
    return { systemNames: [...system.items.values()].filter((item) => !item.deleted).map((item) => item.fields.name) };
  };
  return {
    /** First start (§4.3): the system statuses with their fixed ids, written once whoever starts first. */
    async seed(_input: Record<string, never>, meta: CommandMeta) {
      const events: StatusEvent[] = SYSTEM_STATUSES.flatMap(({ id, name, color, deleted }): StatusEvent[] => [
        { type: 'StatusCreated', data: { id, projectId: null, type: StatusType.system, name, color } },
        ...(deleted ? [{ type: 'StatusDeleted' as const, data: { id } }] : []),
      ]);
      const { position } = await appendOnce(deps, streams.catalogue(STATUSES, null), events, meta);
      return { position };
    },
    create: async (input: StatusFields, meta: CommandMeta) => statuses.create(input, meta, await facts()),
    change: async (input: CatalogueItemRef & { changes: Partial<StatusFields> }, meta: CommandMeta) =>
      statuses.change(input.projectId, input.id, input.changes, meta, await facts()),
    // `statuses.delete` also clears a project's default status: a workflow (workflows/status-deletion.ts).
    recover: items.recover,
    remove: items.remove,
  };
}
