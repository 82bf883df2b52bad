import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { sessionHandlers } from './handlers.ts';

/** Sessions and API tokens (logging in is a workflow: workflows/sessions.ts). */
export const commands = commandUnit({
  resource: 'sessions',
  handlers: ({ kernel }) => sessionHandlers(kernel),
});

declare module '../kernel/command-units.ts' {
  interface CommandUnits {
    sessions: UnitOf<typeof commands>;
  }
}
