import type { CommandMeta } from '../kernel/command-meta.ts';
import type { SuiteRef, suiteCommands } from '../suites/handlers.ts';
import { cascadeAfter, causedBy } from './cascade.ts';
import type { CaseWithTests, caseTests } from './case-tests.ts';
import { commandUnit, type UnitOf } from '../kernel/command-units.ts';

type SuiteCommands = ReturnType<typeof suiteCommands>;
type CasesWithTests = ReturnType<typeof caseTests>;
type Cases = Array<Omit<CaseWithTests, 'projectId'>>;

/**
 * A suite's delete, recovery and removal take its cases along (§3.2: the
 * delete cascades to the subtree's cases), and the cases their tests. The
 * suites' stream first, then each case's stream, caused by it. The gateway
 * names the cases and their tests from the read model (`cases`); a case made
 * in the subtree at the same instant can be missed, and stays in the trash's
 * reach of its own.
 */
export function suiteCascade(suites: SuiteCommands, cases: CasesWithTests) {
  const each = async (first: { position: number }, items: Cases, step: (item: Cases[number]) => Promise<{ position: number }>) => ({
    position: await cascadeAfter(first, items, step),
  });
  return {
    delete: async (input: SuiteRef & { cases: Cases }, meta: CommandMeta) =>
      each(await suites.delete(input, meta), input.cases, (item) =>
        cases.delete({ ...item, projectId: input.projectId, withSuite: input.id }, causedBy(meta)),
      ),
    recover: async (input: SuiteRef & { cases: Cases }, meta: CommandMeta) =>
      each(await suites.recover(input, meta), input.cases, (item) =>
        cases.recover({ ...item, projectId: input.projectId }, causedBy(meta)),
      ),
    remove: async (input: SuiteRef & { cases: Cases }, meta: CommandMeta) =>
      each(await suites.remove(input, meta), input.cases, (item) => cases.remove({ ...item, projectId: input.projectId }, causedBy(meta))),
  };
}

/** A suite's delete, recover and remove take its cases (and their tests) along. */
export const commands = commandUnit({
  resource: 'suites',
  handlers: ({ ports }) => suiteCascade(ports.suites, ports.casesWithTests),
});

declare module '../kernel/command-units.ts' {
  interface CommandUnits {
    'workflows/suite-cascade': UnitOf<typeof commands>;
  }
}
