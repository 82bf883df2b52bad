import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { accessRequestHandlers } from './handlers.ts';

/** Requests for access to a project, and their answers. */
export const commands = commandUnit({
  resource: 'access-requests',
  handlers: ({ kernel }) => accessRequestHandlers(kernel),
});

declare module '../kernel/command-units.ts' {
  interface CommandUnits {
    'access-requests': UnitOf<typeof commands>;
  }
}
