import { streams } from '@testament/contracts';
import { handleCommand, idForNewAggregate, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { suiteTreeDecider, type SuiteCommand, type SuiteFacts, type SuiteFields } from './decide.ts';

/**
 * What the suites' rules read in other aggregates, wired in by the command service: the required custom attributes, and a named file that
 * is not the project's.
 */
export interface SuiteLookups {
  requiredAttributes(projectId: number): Promise<readonly string[]>;
  unusableAttachment(projectId: number, attachmentIds: readonly number[]): Promise<number | null>;
}

/** What the gateway sends to address one suite. */
export interface SuiteRef {
  projectId: number;
  id: number;
}

/** Every suite command; delete, recover and remove take the cases along through a workflow (workflows/suite-cascade.ts). */
export function suiteCommands(deps: KernelDeps, lookups: SuiteLookups) {
  const streamOf = streams.suites.of;
  const facts = async (projectId: number, attachmentIds: readonly number[] = []): Promise<SuiteFacts> => ({
    requiredAttributes: await lookups.requiredAttributes(projectId),
    unusableAttachment: await lookups.unusableAttachment(projectId, attachmentIds),
  });

  /** A new suite's id (a request retried under the same key gets the same one). */
  const newId = (projectId: number, meta: CommandMeta) => idForNewAggregate(deps, 'testsuite', () => streamOf(projectId), meta);

  async function run(projectId: number, command: SuiteCommand, meta: CommandMeta) {
    const project = await deps.projectAccess(projectId, meta.actor);
    const { position } = await handleCommand(deps, suiteTreeDecider, streamOf(projectId), command, meta, { project });
    return { position };
  }

  return {
    async create(input: { projectId: number } & SuiteFields, meta: CommandMeta) {
      const { projectId, ...fields } = input;
      const id = await newId(projectId, meta);
      const { position } = await run(
        projectId,
        { type: 'Create', id, projectId, fields, facts: await facts(projectId, fields.attachmentIds) },
        meta,
      );
      return { position, id };
    },
    newId,
    /** Suites with ids from `newId`, parents before their children: one append, so an import's thousand folders wait for one commit. */
    async createMany(projectId: number, suites: ReadonlyArray<{ id: number } & SuiteFields>, meta: CommandMeta) {
      const made = await Promise.all(
        suites.map(async ({ id, ...fields }) => ({ id, projectId, fields, facts: await facts(projectId, fields.attachmentIds) })),
      );
      return run(projectId, { type: 'CreateMany', suites: made }, meta);
    },
    change: async (input: SuiteRef & { changes: Partial<SuiteFields> }, meta: CommandMeta) =>
      run(
        input.projectId,
        { type: 'Change', id: input.id, changes: input.changes, facts: await facts(input.projectId, input.changes.attachmentIds) },
        meta,
      ),
    delete: (input: SuiteRef, meta: CommandMeta) => run(input.projectId, { type: 'Delete', id: input.id }, meta),
    recover: (input: SuiteRef, meta: CommandMeta) => run(input.projectId, { type: 'Recover', id: input.id }, meta),
    remove: (input: SuiteRef, meta: CommandMeta) => run(input.projectId, { type: 'Remove', id: input.id }, meta),
  };
}

/** The verbs the suites answer alone. */
export function suiteHandlers(commands: ReturnType<typeof suiteCommands>) {
  return { create: commands.create, change: commands.change };
}

/** Whether the suite is live in the project (for the cases' rules; the command service hands it to them). */
export async function isLiveSuite(deps: KernelDeps, projectId: number, suiteId: number): Promise<boolean> {
  const { state } = await deps.aggregates.load(streams.suites.of(projectId), suiteTreeDecider);
  const suite = state.suites.get(suiteId);
  return suite !== undefined && suite.deletedWith === null;
}
