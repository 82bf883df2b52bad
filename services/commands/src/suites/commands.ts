import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { isLiveSuite, suiteCommands, suiteHandlers } from './handlers.ts';

/** A project's suites (deleting, recovering and removing take the cases along: workflows/suite-cascade.ts). */
export const commands = commandUnit({
  resource: 'suites',
  provides: {
    suites: ({ kernel, ports }) =>
      suiteCommands(kernel, {
        requiredAttributes: (projectId) => ports.requiredAttributeNames(projectId, 'testsuite'),
        unusableAttachment: ports.unusableAttachment,
      }),
    suiteLive:
      ({ kernel }) =>
      (projectId, suiteId) =>
        isLiveSuite(kernel, projectId, suiteId),
  },
  handlers: ({ ports }) => suiteHandlers(ports.suites),
});

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** The suite commands, for the workflows that take cases along. */
    suites: ReturnType<typeof suiteCommands>;
    /** Whether a suite is live in a project. */
    suiteLive: (projectId: number, suiteId: number) => Promise<boolean>;
  }
  interface CommandUnits {
    suites: UnitOf<typeof commands>;
  }
}
