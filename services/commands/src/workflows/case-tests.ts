import type { CaseRef, caseCommands } from '../cases/handlers.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import type { testCommands } from '../tests/handlers.ts';
import { cascadeAfter, causedBy } from './cascade.ts';
import { commandUnit, type UnitOf } from '../kernel/command-units.ts';

type CaseCommands = ReturnType<typeof caseCommands>;
type TestCommands = ReturnType<typeof testCommands>;

/** A case and the tests its change takes along (the gateway names them from the read model, as it names a suite's cases). */
export type CaseWithTests = CaseRef & { testIds: number[] };

/**
 * A case's tests follow it (§4.13): its delete, archive and their undoing
 * take the tests (and so their results) along, marked as taken with the case
 * so that its restore brings back those and no others. The case's stream
 * first, then each test's, caused by it.
 */
export function caseTests(cases: CaseCommands, tests: TestCommands) {
  const follow =
    <I extends CaseRef>(
      caseStep: (input: I, meta: CommandMeta) => Promise<{ position: number }>,
      testStep: TestCommands['archive'],
      permission: string,
    ) =>
    async (input: I & { testIds: number[] }, meta: CommandMeta) => ({
      position: await cascadeAfter(await caseStep(input, meta), input.testIds, (testId) =>
        testStep({ projectId: input.projectId, testId, withCase: input.caseId, permission }, causedBy(meta)),
      ),
    });
  return {
    delete: follow(cases.delete, tests.delete, 'delete_testcase'),
    recover: follow(cases.recover, tests.recover, 'delete_testcase'),
    remove: follow(cases.remove, tests.remove, 'delete_testcase'),
    archive: follow(cases.archive, tests.archive, 'change_testcase'),
    unarchive: follow(cases.unarchive, tests.unarchive, 'change_testcase'),
  };
}

/** A case's archive, restore, delete, recover and remove take its tests along: handlers of `cases`, and a port for the suites'. */
export const commands = commandUnit({
  resource: 'cases',
  provides: { casesWithTests: ({ ports }) => caseTests(ports.cases, ports.tests) },
  handlers: ({ ports }) => ports.casesWithTests,
});

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** The case commands that take the cases' tests along. */
    casesWithTests: ReturnType<typeof caseTests>;
  }
  interface CommandUnits {
    'workflows/case-tests': UnitOf<typeof commands>;
  }
}
