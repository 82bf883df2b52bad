import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { systemMessageHandlers } from './handlers.ts';

/** The system messages. */
export const commands = commandUnit({
  resource: 'system-messages',
  handlers: ({ kernel }) => systemMessageHandlers(kernel),
});

declare module '../kernel/command-units.ts' {
  interface CommandUnits {
    'system-messages': UnitOf<typeof commands>;
  }
}
