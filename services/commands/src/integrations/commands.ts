import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { integrationHandlers } from './handlers.ts';

/** A project's integrations. */
export const commands = commandUnit({
  resource: 'integrations',
  handlers: ({ kernel }) => integrationHandlers(kernel),
});

declare module '../kernel/command-units.ts' {
  interface CommandUnits {
    integrations: UnitOf<typeof commands>;
  }
}
