import type { caseCommands } from '../cases/handlers.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import type { SuiteRef, suiteCommands } from '../suites/handlers.ts';

type SuiteCommands = ReturnType<typeof suiteCommands>;
type CaseCommands = ReturnType<typeof caseCommands>;

/**
 * A suite's delete, recovery and removal take its cases along (§3.2: the
 * delete cascades to the subtree's cases). The suites' stream first, then each
 * case's stream, caused by it. The gateway names the cases from the read model
 * (`caseIds`); a case made in the subtree at the same instant can be missed,
 * and stays in the trash's reach of its own.
 */
export function suiteCascade(suites: SuiteCommands, cases: CaseCommands) {
  async function each(first: { position: number }, caseIds: readonly number[], step: (caseId: number, meta: CommandMeta) => Promise<{ position: number }>, meta: CommandMeta) {
    let position = first.position;
    for (const caseId of caseIds) position = Math.max(position, (await step(caseId, { ...meta, causationId: meta.commandId })).position);
    return { position };
  }
  return {
    delete: async (input: SuiteRef & { caseIds: number[] }, meta: CommandMeta) =>
      each(await suites.delete(input, meta), input.caseIds, (caseId, caused) => cases.delete({ projectId: input.projectId, caseId, withSuite: input.id }, caused), meta),
    recover: async (input: SuiteRef & { caseIds: number[] }, meta: CommandMeta) =>
      each(await suites.recover(input, meta), input.caseIds, (caseId, caused) => cases.recover({ projectId: input.projectId, caseId }, caused), meta),
    remove: async (input: SuiteRef & { caseIds: number[] }, meta: CommandMeta) =>
      each(await suites.remove(input, meta), input.caseIds, (caseId, caused) => cases.remove({ projectId: input.projectId, caseId }, caused), meta),
  };
}
