import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { statusHandlers, usableStatusIds } from './handlers.ts';

/** A project's statuses (deleting one is a workflow: workflows/status-deletion.ts). */
export const commands = commandUnit({
  resource: 'statuses',
  provides: {
    usableStatusIds:
      ({ kernel }) =>
      (projectId) =>
        usableStatusIds(kernel, projectId),
  },
  handlers: ({ kernel }) => statusHandlers(kernel),
});

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** The statuses a result may take in the project. */
    usableStatusIds: (projectId: number) => Promise<number[]>;
  }
  interface CommandUnits {
    statuses: UnitOf<typeof commands>;
  }
}
