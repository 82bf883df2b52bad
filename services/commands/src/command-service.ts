import type { EventStore, IdAllocator } from '@testament/infra';
import { AggregateCache, type AggregateCacheLimits } from './kernel/aggregate-cache.ts';
import type { KernelDeps } from './kernel/command-handler.ts';
import type { CommandMeta } from './kernel/command-meta.ts';
import { KeyedQueue } from './kernel/keyed-queue.ts';
import { projectHandlers } from './project/handlers.ts';
import { statusHandlers } from './status/handlers.ts';
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
  };
  return {
    ...userHandlers(kernel),
    ...sessionHandlers(kernel),
    ...projectHandlers(kernel),
    ...statusHandlers(kernel),
    ...labelHandlers(kernel),
    ...parameterHandlers(kernel),
    ...customAttributeHandlers(kernel),
    ...roleHandlers(kernel),
    ...accessRequestHandlers(kernel),
    ...notificationHandlers(kernel),
    ...systemMessageHandlers(kernel),
    ...attachmentHandlers(kernel),
  };
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
