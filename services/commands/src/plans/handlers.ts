import { LIMITS, ValidationError, messages, planMessages, streams, type PlanFields } from '@testament/contracts';
import { handleCommand, idForNewAggregate, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { planTreeDecider, type PlanCommand, type PlanFacts } from './decide.ts';

/** What the plans' rules read in other aggregates, wired in by the command service. */
export interface PlanLookups {
  requiredAttributes(projectId: number): Promise<readonly string[]>;
  unusableAttachment(projectId: number, attachmentIds: readonly number[]): Promise<number | null>;
  /** The project's live parameters and their groups. */
  parameters(projectId: number): Promise<ReadonlyMap<number, { groupName: string }>>;
}

export interface PlanRef {
  projectId: number;
  id: number;
}

export type PlanCreateInput = {
  projectId: number;
  parentId: number | null;
  fields: PlanFields;
  isArchive: boolean;
  parameterIds: number[];
};
export type PlanChanges = Partial<PlanFields> & { parentId?: number | null };

/**
 * §4.18: the parameters grouped by group name (groups in name order), one value
 * per group in every combination; no parameters make one plan without any.
 */
export function parameterCombinations(parameterIds: readonly number[], parameters: ReadonlyMap<number, { groupName: string }>): number[][] {
  const groups = new Map<string, number[]>();
  for (const parameterId of new Set(parameterIds)) {
    const parameter = parameters.get(parameterId);
    if (!parameter) throw ValidationError.of('parameters', planMessages.parameterUnknown(parameterId));
    groups.set(parameter.groupName, [...(groups.get(parameter.groupName) ?? []), parameterId]);
  }
  const ordered = [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, values]) => values);
  // Counted before any is made: twenty groups of two values would be a million plans.
  const count = ordered.reduce((product, values) => product * values.length, 1);
  if (count > LIMITS.plansPerCreate) throw ValidationError.of('parameters', messages.tooManyCombinations(count, LIMITS.plansPerCreate));
  return ordered.reduce<number[][]>(
    (combinations, values) => combinations.flatMap((combination) => values.map((value) => [...combination, value])),
    [[]],
  );
}

/** Every plan command on the project's plan tree; the tests follow through a workflow (workflows/plan-tests.ts). */
export function planCommands(deps: KernelDeps, lookups: PlanLookups) {
  const streamOf = streams.plans.of;
  const facts = async (projectId: number, attachmentIds: readonly number[] = []): Promise<PlanFacts> => ({
    requiredAttributes: await lookups.requiredAttributes(projectId),
    unusableAttachment: await lookups.unusableAttachment(projectId, attachmentIds),
  });

  async function run(projectId: number, command: PlanCommand, meta: CommandMeta) {
    const project = await deps.projectAccess(projectId, meta.actor);
    const { position } = await handleCommand(deps, planTreeDecider, streamOf(projectId), command, meta, { project });
    return { position };
  }

  return {
    /** One plan per parameter combination; the ids in combination order. */
    async create(input: PlanCreateInput, meta: CommandMeta) {
      const combinations = parameterCombinations(input.parameterIds, await lookups.parameters(input.projectId));
      const ids = [await idForNewAggregate(deps, 'testplan', () => streamOf(input.projectId), meta)];
      while (ids.length < combinations.length) ids.push(await deps.ids.next('testplan'));
      const plans = combinations.map((parameterIds, index) => ({ id: ids[index]!, parameterIds }));
      const command: PlanCommand = {
        type: 'Create',
        projectId: input.projectId,
        parentId: input.parentId,
        fields: input.fields,
        isArchive: input.isArchive,
        plans,
        facts: await facts(input.projectId, input.fields.attachmentIds),
      };
      const project = await deps.projectAccess(input.projectId, meta.actor);
      const { position, earlier } = await handleCommand(deps, planTreeDecider, streamOf(input.projectId), command, meta, { project });
      // A retry answers with the plans its first run made (the ids drawn now go unused).
      return { position, ids: earlier ? earlier.map((event) => (event.data as { id: number }).id) : ids };
    },
    change: async (input: PlanRef & { changes: PlanChanges }, meta: CommandMeta) =>
      run(
        input.projectId,
        { type: 'Change', id: input.id, changes: input.changes, facts: await facts(input.projectId, input.changes.attachmentIds) },
        meta,
      ),
    archive: (input: PlanRef, meta: CommandMeta) => run(input.projectId, { type: 'Archive', id: input.id }, meta),
    unarchive: (input: PlanRef, meta: CommandMeta) => run(input.projectId, { type: 'Unarchive', id: input.id }, meta),
    delete: (input: PlanRef, meta: CommandMeta) => run(input.projectId, { type: 'Delete', id: input.id }, meta),
    recover: (input: PlanRef, meta: CommandMeta) => run(input.projectId, { type: 'Recover', id: input.id }, meta),
    remove: (input: PlanRef, meta: CommandMeta) => run(input.projectId, { type: 'Remove', id: input.id }, meta),
    /** The plan as the tests' rules need it: live, and archived or not. */
    async planOf(projectId: number, planId: number) {
      const { state } = await deps.aggregates.load(streamOf(projectId), planTreeDecider);
      const plan = state.plans.get(planId);
      return plan && plan.deletedWith === null ? plan : undefined;
    },
  };
}
