import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { webhookHandlers } from './handlers.ts';

/** A project's outgoing webhooks and their deliveries' attempts. */
export const commands = commandUnit({
  resource: 'webhooks',
  handlers: ({ kernel }) => webhookHandlers(kernel),
});

declare module '../kernel/command-units.ts' {
  interface CommandUnits {
    webhooks: UnitOf<typeof commands>;
  }
}
