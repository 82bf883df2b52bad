import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { groupHandlers } from './handlers.ts';

/** The authentication groups. */
export const commands = commandUnit({
  resource: 'groups',
  handlers: ({ kernel }) => groupHandlers(kernel),
});

declare module '../kernel/command-units.ts' {
  interface CommandUnits {
    groups: UnitOf<typeof commands>;
  }
}
