import { reviveDomainError } from '@testament/contracts';
import { BusRequestError, type Bus, type Unsubscribe } from '@testament/infra';
import type { CommandDispatcher, CommandService } from './command-service.ts';
import type { CommandMeta } from './kernel/command-meta.ts';

export const COMMAND_SUBJECT = 'testament.commands';

interface CommandRequest {
  name: string;
  input: unknown;
  meta: CommandMeta;
}

/** Serves commands to other processes (a gateway on another machine) over the bus. */
export function serveCommands(bus: Bus, service: CommandService): Unsubscribe {
  return bus.reply(COMMAND_SUBJECT, async (payload) => {
    const { name, input, meta } = payload as CommandRequest;
    const handler = Object.hasOwn(service, name) ? (service[name as keyof CommandService] as (i: unknown, m: CommandMeta) => Promise<unknown>) : undefined;
    if (!handler) throw new Error(`unknown command ${name}`);
    return handler(input, meta);
  });
}

/** Sends commands over the bus; domain errors come back as their own classes. */
export function busDispatcher(bus: Bus, options: { timeoutMs?: number } = {}): CommandDispatcher {
  return async (name, input, meta) => {
    try {
      return (await bus.request(COMMAND_SUBJECT, { name, input, meta }, { timeoutMs: options.timeoutMs ?? 15_000 })) as never;
    } catch (error) {
      if (error instanceof BusRequestError && error.code === 'handler_error' && error.remote) {
        throw reviveDomainError(error.remote as Parameters<typeof reviveDomainError>[0]);
      }
      throw error;
    }
  };
}
