import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { projectHandlers, resultEditSettings } from './handlers.ts';

/** The projects, their settings and members (answering access requests by role is a workflow: workflows/role-assignment.ts). */
export const commands = commandUnit({
  resource: 'projects',
  provides: {
    projects: ({ kernel, ports }) => projectHandlers(kernel, ports.usableStatusIds),
    resultEditSettings:
      ({ kernel }) =>
      (projectId) =>
        resultEditSettings(kernel, projectId),
  },
  handlers: ({ ports }) => ports.projects,
});

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** The project commands, for a workflow that sets members' roles. */
    projects: ReturnType<typeof projectHandlers>;
    /** The project's result-edit settings (§4.10). */
    resultEditSettings: (projectId: number) => ReturnType<typeof resultEditSettings>;
  }
  interface CommandUnits {
    projects: UnitOf<typeof commands>;
  }
}
