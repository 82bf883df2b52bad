import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { caseCommands, caseHandlers, caseStandings, currentCaseVersion } from './handlers.ts';

/** A project's cases and their versions (labels by name and their tests: workflows/case-labels.ts, case-tests.ts). */
export const commands = commandUnit({
  resource: 'cases',
  provides: {
    cases: ({ kernel, ports }) => caseCommands(kernel, { suiteLive: ports.suiteLive, unusableAttachment: ports.unusableAttachment }),
    currentCaseVersion:
      ({ kernel }) =>
      (caseId) =>
        currentCaseVersion(kernel, caseId),
    caseStandings:
      ({ kernel }) =>
      (projectId, caseIds) =>
        caseStandings(kernel, projectId, caseIds),
  },
  handlers: ({ ports }) => caseHandlers(ports.cases),
});

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** The case commands, for the workflows that follow them. */
    cases: ReturnType<typeof caseCommands>;
    /** The case as it is now: the version a new result is made on, and its suite. */
    currentCaseVersion: (caseId: number) => ReturnType<typeof currentCaseVersion>;
    /** Whether each case may be put in a plan. */
    caseStandings: (projectId: number, caseIds: Parameters<typeof caseStandings>[2]) => ReturnType<typeof caseStandings>;
  }
  interface CommandUnits {
    cases: UnitOf<typeof commands>;
  }
}
