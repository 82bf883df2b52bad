import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { userHandlers } from './handlers.ts';

/** The users (registration and passwords are workflows: workflows/user-registration.ts, sessions.ts). */
export const commands = commandUnit({
  resource: 'users',
  handlers: ({ kernel }) => userHandlers(kernel),
});

declare module '../kernel/command-units.ts' {
  interface CommandUnits {
    users: UnitOf<typeof commands>;
  }
}
