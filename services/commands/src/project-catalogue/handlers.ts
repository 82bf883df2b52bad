import { streams } from '@testament/contracts';
import type { IdAllocator } from '@testament/infra';
import { handleCommand, idForNewAggregate, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import type { DomainEvent } from '../kernel/decider.ts';
import type { CatalogueCommand, CatalogueDecider, CatalogueFields, CatalogueState } from './catalogue.ts';

export interface CatalogueOptions {
  /** Stream family: `labels` → `labels-project-3`. */
  resource: string;
  /** IdAllocator resource type. */
  idType: string;
  /** Ids up to this one are fixed ones seeded by the system; allocation skips them. */
  seededUpTo?: number;
}

/** Hands out ids above the seeded ones (the skipped ones are gaps, used once). */
function idsAbove(ids: IdAllocator, seededUpTo: number): IdAllocator {
  return {
    async next(resourceType) {
      for (;;) {
        const id = await ids.next(resourceType);
        if (id > seededUpTo) return id;
      }
    },
    close: () => ids.close(),
  };
}

/**
 * A catalogue as it stands: what the rules of other aggregates read (usable statuses, required
 * attributes) for every command, so it builds no command closures on the way.
 */
export async function loadCatalogue<F extends CatalogueFields, E extends DomainEvent, X>(
  deps: KernelDeps,
  decider: CatalogueDecider<F, E, X>,
  resource: string,
  projectId: number | null,
): Promise<CatalogueState<F>> {
  return (await deps.aggregates.load(streams.catalogue(resource, projectId), decider)).state;
}

/**
 * The commands every project catalogue answers: each loads the caller's access
 * to the project, decides on the project's catalogue stream and appends.
 */
export function catalogueCommands<F extends CatalogueFields, E extends DomainEvent, X>(
  deps: KernelDeps,
  decider: CatalogueDecider<F, E, X>,
  options: CatalogueOptions,
) {
  const streamOf = (projectId: number | null) => streams.catalogue(options.resource, projectId);
  const allocating: KernelDeps = options.seededUpTo ? { ...deps, ids: idsAbove(deps.ids, options.seededUpTo) } : deps;

  async function run(projectId: number | null, command: CatalogueCommand<F, X>, meta: CommandMeta) {
    const project = projectId === null ? undefined : await deps.projectAccess(projectId, meta.actor);
    return handleCommand(deps, decider, streamOf(projectId), command, meta, { project });
  }

  return {
    streamOf,
    load(projectId: number | null): Promise<CatalogueState<F>> {
      return loadCatalogue(deps, decider, options.resource, projectId);
    },
    /** The new item's id, or the id of the deleted item it brought back (or, `orExisting`, of the live one with its key). */
    async create(fields: F, meta: CommandMeta, facts?: X, orExisting = false): Promise<{ position: number; id: number }> {
      const id = await idForNewAggregate(allocating, options.idType, () => streamOf(fields.projectId), meta);
      const { position, state } = await run(fields.projectId, { type: 'Create', id, fields, facts, orExisting }, meta);
      if (state.items.has(id)) return { position, id };
      const key = decider.spec.uniqueKey(fields);
      const revived = [...state.items.values()].find((item) => !item.deleted && decider.spec.uniqueKey(item.fields) === key);
      return { position, id: revived?.id ?? id };
    },
    change: (projectId: number | null, id: number, changes: Partial<F>, meta: CommandMeta, facts?: X) =>
      run(projectId, { type: 'Change', id, changes, facts }, meta).then(({ position }) => ({ position })),
    delete: (projectId: number | null, id: number, meta: CommandMeta) =>
      run(projectId, { type: 'Delete', id }, meta).then(({ position }) => ({ position })),
    recover: (projectId: number | null, id: number, meta: CommandMeta) =>
      run(projectId, { type: 'Recover', id }, meta).then(({ position }) => ({ position })),
    remove: (projectId: number | null, id: number, meta: CommandMeta) =>
      run(projectId, { type: 'Remove', id }, meta).then(({ position }) => ({ position })),
  };
}

/** What the gateway sends to address one item: its project (null for system statuses) and id. */
export interface CatalogueItemRef {
  projectId: number | null;
  id: number;
}

type ItemCommand = (projectId: number | null, id: number, meta: CommandMeta) => Promise<{ position: number }>;

/** A catalogue's delete, recover and remove as handlers of the item the gateway names. */
export function itemHandlers(catalogue: { delete: ItemCommand; recover: ItemCommand; remove: ItemCommand }) {
  const byRef = (command: ItemCommand) => (input: CatalogueItemRef, meta: CommandMeta) => command(input.projectId, input.id, meta);
  return { delete: byRef(catalogue.delete), recover: byRef(catalogue.recover), remove: byRef(catalogue.remove) };
}
