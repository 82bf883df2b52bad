import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { notificationHandlers } from './handlers.ts';

/** Each user's notifications and their settings. */
export const commands = commandUnit({
  resource: 'notifications',
  handlers: ({ kernel }) => notificationHandlers(kernel),
});

declare module '../kernel/command-units.ts' {
  interface CommandUnits {
    notifications: UnitOf<typeof commands>;
  }
}
