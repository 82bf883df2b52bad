import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { roleHandlers } from './handlers.ts';

/** The role catalogue. */
export const commands = commandUnit({
  resource: 'roles',
  handlers: ({ kernel }) => roleHandlers(kernel),
});

declare module '../kernel/command-units.ts' {
  interface CommandUnits {
    roles: UnitOf<typeof commands>;
  }
}
