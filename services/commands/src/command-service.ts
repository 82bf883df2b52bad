import { foldersDeclaring, modulesIn, type EventStore, type IdAllocator } from '@testament/infra';
import { AggregateCache, type AggregateCacheLimits } from './kernel/aggregate-cache.ts';
import type { AggregateSnapshotter } from './kernel/aggregate-snapshotter.ts';
import type { KernelDeps } from './kernel/command-handler.ts';
import type { CommandMeta } from './kernel/command-meta.ts';
import { commandUnit, namespaced, portsOf, type CommandUnit, type UnitCommands } from './kernel/command-units.ts';
import { KeyedQueue } from './kernel/keyed-queue.ts';
import { loadProjectAccess } from './projects/project-access.ts';
import { RoleDirectory } from './roles/role-directory.ts';
import type { ChunkWorkers } from './workflows/bulk-jobs.ts';
import type { ImportStaging } from './workflows/case-import.ts';

export { namespaced };

export interface CommandServiceDeps {
  store: EventStore;
  ids: IdAllocator;
  clock?: () => Date;
  /** How many aggregate states this process keeps (default: 250,000 streams, 2,000,000 events folded into them). */
  cacheLimits?: Partial<AggregateCacheLimits>;
  /** Where aggregate states are snapshotted (`openAggregateSnapshots`); without it, a load after a start reads the whole stream. */
  snapshots?: AggregateSnapshotter;
  /** Who applies bulk jobs' chunks: the processes serving them on the bus (busChunkWorkers); by default, this one. */
  chunkWorkers?: ChunkWorkers;
  /** Where accepted imports' cases wait for their jobs (the BlobStore); without it, imports are not taken. */
  importStaging?: ImportStaging;
}

type AnyUnit = CommandUnit<string, object>;
const HERE = new URL('./', import.meta.url);
/** The file by which an aggregate's folder declares its commands; a workflow declares them in its own file (`workflows/`). */
export const COMMANDS_FILE = 'commands.ts';

/**
 * Every command unit, found by convention: each aggregate folder's `commands.ts`, and each workflow in `workflows/`
 * that exports `commands`. A new aggregate or workflow is a new folder or file, with no list to edit; its commands'
 * names and types reach `CommandService` through the `CommandUnits` it declares (kernel/command-units.ts).
 */
async function findUnits(): Promise<Array<readonly [name: string, unit: AnyUnit]>> {
  const folders = foldersDeclaring(HERE, COMMANDS_FILE);
  const workflows = modulesIn(new URL('./workflows/', HERE));
  const unitsOf = (name: string, declared: unknown): Array<readonly [string, AnyUnit]> =>
    Array.isArray(declared) ? declared.map((unit, index) => [`${name}#${index}`, unit as AnyUnit] as const) : [[name, declared as AnyUnit]];
  // Relative templates, so the server's bundle (services/gateway/src/server-bundle.ts) holds every unit.
  const aggregates = await Promise.all(
    folders.map(async (folder) => {
      const { commands } = (await import(`./${folder}/commands.ts`)) as { commands?: unknown };
      if (!commands) throw new Error(`${folder}/${COMMANDS_FILE} must export its commands (commandUnit)`);
      return unitsOf(folder, commands);
    }),
  );
  const flows = await Promise.all(
    workflows.map(async (workflow) => {
      const { commands } = (await import(`./workflows/${workflow}.ts`)) as { commands?: unknown };
      return commands ? unitsOf(`workflows/${workflow}`, commands) : [];
    }),
  );
  return [...aggregates.flat(), ...flows.flat()];
}

const units = await findUnits();

/** The write side: the handlers of every unit found here, each given the ports the units provide. */
export function createCommandService(deps: CommandServiceDeps): CommandService {
  const roles = new RoleDirectory(deps.store);
  const kernel: KernelDeps = {
    store: deps.store,
    ids: deps.ids,
    clock: deps.clock ?? (() => new Date()),
    permissionsOf: roles.permissionsOf,
    roles,
    streams: new KeyedQueue(),
    aggregates: new AggregateCache(deps.store, deps.cacheLimits, deps.snapshots),
    projectAccess: (projectId, actor) => loadProjectAccess(kernel, projectId, actor),
  };
  // What the service is given, offered to the units as ports of their own.
  const given = commandUnit({
    resource: 'commands',
    provides: { chunkWorkers: () => deps.chunkWorkers, importStaging: () => deps.importStaging },
  });
  const all: Array<readonly [string, AnyUnit]> = [...units, ['the command service', given as AnyUnit]];
  const ports = portsOf(all, kernel);
  const context = { kernel, ports };
  return namespaced(all.flatMap(([, unit]) => (unit.handlers ? [[unit.resource, unit.handlers(context)] as const] : []))) as CommandService;
}

/** Every command the write side accepts, by name: `(input, meta) => Promise<{position, ...}>`. */
export type CommandService = UnitCommands;
export type CommandName = keyof CommandService;
export type CommandInput<N extends CommandName> = Parameters<CommandService[N]>[0];
export type CommandResult<N extends CommandName> = Awaited<ReturnType<CommandService[N]>>;

/** The same calls as CommandService, wherever the command side runs. */
export type CommandDispatcher = <N extends CommandName>(name: N, input: CommandInput<N>, meta: CommandMeta) => Promise<CommandResult<N>>;

export function inProcessDispatcher(service: CommandService): CommandDispatcher {
  return (name, input, meta) => (service[name] as (i: unknown, m: CommandMeta) => Promise<never>)(input, meta);
}
