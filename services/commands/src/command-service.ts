import type { EventStore, IdAllocator } from '@testament/infra';
import { AggregateCache, type AggregateCacheLimits } from './kernel/aggregate-cache.ts';
import type { KernelDeps } from './kernel/command-handler.ts';
import type { CommandMeta } from './kernel/command-meta.ts';
import { KeyedQueue } from './kernel/keyed-queue.ts';
import { projectHandlers } from './project/handlers.ts';
import { statusHandlers, usableStatusIds } from './status/handlers.ts';
import { labelHandlers } from './label/handlers.ts';
import { parameterHandlers } from './parameter/handlers.ts';
import { customAttributeHandlers } from './custom-attribute/handlers.ts';
import { RoleDirectory } from './role/role-directory.ts';
import { roleHandlers } from './role/handlers.ts';
import { accessRequestHandlers } from './access-request/handlers.ts';
import { notificationHandlers } from './notifications/handlers.ts';
import { systemMessageHandlers } from './system-message/handlers.ts';
import { userHandlers } from './user/handlers.ts';
import { sessionHandlers } from './session/handlers.ts';
import { attachmentHandlers } from './attachment/handlers.ts';
import { loadProjectAccess } from './project/project-access.ts';
import { assignRolesAnsweringRequest } from './workflows/role-assignment.ts';
import { sessionWorkflows } from './workflows/sessions.ts';
import { deleteStatusClearingDefault } from './workflows/status-deletion.ts';

export interface CommandServiceDeps {
  store: EventStore;
  ids: IdAllocator;
  clock?: () => Date;
  /** How many aggregate states this process keeps (default: 10,000 streams, 2,000,000 events folded into them). */
  cacheLimits?: Partial<AggregateCacheLimits>;
}

/** Every command the write side accepts, by name: `(input, meta) => Promise<{position, ...}>`. */
export function createCommandService(deps: CommandServiceDeps) {
  const roles = new RoleDirectory(deps.store);
  const kernel: KernelDeps = {
    store: deps.store,
    ids: deps.ids,
    clock: deps.clock ?? (() => new Date()),
    permissionsOf: roles.permissionsOf,
    roles,
    streams: new KeyedQueue(),
    aggregates: new AggregateCache(deps.store, deps.cacheLimits),
    projectAccess: (projectId, actor) => loadProjectAccess(kernel, projectId, actor),
  };
  const statusIds = (projectId: number) => usableStatusIds(kernel, projectId);
  const projects = projectHandlers(kernel, statusIds);
  return uniquelyNamed(
    userHandlers(kernel),
    sessionHandlers(kernel),
    projects,
    statusHandlers(kernel),
    labelHandlers(kernel),
    parameterHandlers(kernel),
    customAttributeHandlers(kernel, statusIds),
    roleHandlers(kernel),
    accessRequestHandlers(kernel),
    notificationHandlers(kernel),
    systemMessageHandlers(kernel),
    attachmentHandlers(kernel),
    // Commands whose decisions or consequences cross aggregates (workflows/).
    sessionWorkflows(kernel),
    {
      deleteStatus: deleteStatusClearingDefault(kernel),
      assignRoles: assignRolesAnsweringRequest(kernel, projects.setMemberRoles),
    },
  );
}

type Merged<T extends object[]> = T extends [infer First, ...infer Rest extends object[]] ? First & Merged<Rest> : unknown;

/** The handler groups as one service. A name defined twice would silently drop a command, so it fails at start instead. */
function uniquelyNamed<T extends object[]>(...groups: T): Merged<T> {
  const service: Record<string, unknown> = {};
  for (const group of groups) {
    for (const [name, handler] of Object.entries(group)) {
      if (name in service) throw new Error(`two command handlers are named ${name}`);
      service[name] = handler;
    }
  }
  return service as Merged<T>;
}

export type CommandService = ReturnType<typeof createCommandService>;
export type CommandName = keyof CommandService;
export type CommandInput<N extends CommandName> = Parameters<CommandService[N]>[0];
export type CommandResult<N extends CommandName> = Awaited<ReturnType<CommandService[N]>>;

/** The same calls as CommandService, wherever the command side runs. */
export type CommandDispatcher = <N extends CommandName>(name: N, input: CommandInput<N>, meta: CommandMeta) => Promise<CommandResult<N>>;

export function inProcessDispatcher(service: CommandService): CommandDispatcher {
  return (name, input, meta) => (service[name] as (i: unknown, m: CommandMeta) => Promise<never>)(input, meta);
}
