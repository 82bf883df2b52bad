import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { planCommands } from './handlers.ts';

/** A project's plans: their commands are taken with their tests (workflows/plan-tests.ts). */
export const commands = commandUnit({
  resource: 'plans',
  provides: {
    plans: ({ kernel, ports }) =>
      planCommands(kernel, {
        requiredAttributes: (projectId) => ports.requiredAttributeNames(projectId, 'testplan'),
        unusableAttachment: ports.unusableAttachment,
        parameters: ports.liveParameters,
      }),
  },
});

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** The plan commands. */
    plans: ReturnType<typeof planCommands>;
  }
  interface CommandUnits {
    plans: UnitOf<typeof commands>;
  }
}
