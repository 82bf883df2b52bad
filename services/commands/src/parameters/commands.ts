import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { liveParameters, parameterHandlers } from './handlers.ts';

/** A project's parameters. */
export const commands = commandUnit({
  resource: 'parameters',
  provides: {
    liveParameters:
      ({ kernel }) =>
      (projectId) =>
        liveParameters(kernel, projectId),
  },
  handlers: ({ kernel }) => parameterHandlers(kernel),
});

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** The project's live parameters and their groups. */
    liveParameters: (projectId: number) => Promise<ReadonlyMap<number, { groupName: string }>>;
  }
  interface CommandUnits {
    parameters: UnitOf<typeof commands>;
  }
}
