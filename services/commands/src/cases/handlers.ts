import { streams, type CaseContent, type CaseStep } from '@testament/contracts';
import { handleCommand, idForNewStream, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { caseDecider, type CaseCommand, type Relabelling } from './decide.ts';
import { latestVersion } from './evolve.ts';

/** What the cases' rules read in other aggregates, wired in by the command service. */
export interface CaseLookups {
  /** Whether a suite is live in a project. */
  suiteLive(projectId: number, suiteId: number): Promise<boolean>;
  /** The first of these files that is not a live attachment of the project. */
  unusableAttachment(projectId: number, attachmentIds: readonly number[]): Promise<number | null>;
}

const filesOf = (content: CaseContent) => [...content.attachmentIds, ...content.steps.flatMap((step) => step.attachmentIds)];

/** A step as the API hands it over: without an id when it is new; without files to keep its own (D7). */
export type StepInput = Omit<CaseStep, 'id' | 'attachmentIds'> & { id?: number; attachmentIds?: number[] };
/**
 * A case's content as the API hands it over: steps may be new, labels are already ids; on an update, absent labels or files are kept (D7).
 */
export type CaseContentInput = Omit<CaseContent, 'steps' | 'labelIds' | 'attachmentIds'> & {
  steps: StepInput[];
  labelIds?: number[];
  attachmentIds?: number[];
};

export interface CaseRef {
  projectId: number;
  caseId: number;
}

/** The commands on one case: each loads the caller's access to the project, decides on the case's stream and appends. */
export function caseCommands(deps: KernelDeps, lookups: CaseLookups) {
  const factsOf = async (projectId: number, content: CaseContent) => ({
    suiteLive: await lookups.suiteLive(projectId, content.suiteId),
    unusableAttachment: await lookups.unusableAttachment(projectId, filesOf(content)),
  });
  const streamOf = streams.testCase.of;

  async function run(projectId: number, caseId: number, command: CaseCommand, meta: CommandMeta) {
    const project = await deps.projectAccess(projectId, meta.actor);
    const { position } = await handleCommand(deps, caseDecider, streamOf(caseId), command, meta, { project });
    return { position, caseId };
  }

  /**
   * Steps keep their ids (and, unless given, their files) when they are the case's own,
   * by the latest version that had them; new ones (or strangers) get fresh ids; order is renumbered 1..n.
   */
  async function withStepIds(steps: StepInput[], own: ReadonlyMap<number, CaseStep>): Promise<CaseStep[]> {
    const ordered = [...steps].sort((a, b) => a.sortOrder - b.sortOrder);
    const result: CaseStep[] = [];
    for (const [index, step] of ordered.entries()) {
      const kept = step.id === undefined ? undefined : own.get(step.id);
      const id = kept ? kept.id : await deps.ids.next('teststep');
      result.push({ ...step, id, sortOrder: index + 1, attachmentIds: step.attachmentIds ?? kept?.attachmentIds ?? [] });
    }
    return result;
  }

  /** The content to decide on, completed from the case's latest version where the input leaves things out. */
  async function contentOf(input: CaseContentInput, caseId: number | null): Promise<CaseContent> {
    const state = caseId === null ? undefined : (await deps.aggregates.load(streamOf(caseId), caseDecider)).state;
    const latest = state?.exists ? latestVersion(state).content : undefined;
    const own = new Map(state?.versions.flatMap((version) => version.content.steps.map((step) => [step.id, step] as const)) ?? []);
    return {
      ...input,
      labelIds: input.labelIds ?? latest?.labelIds ?? [],
      attachmentIds: input.attachmentIds ?? latest?.attachmentIds ?? [],
      // Switching steps off deletes them (§4.9).
      steps: input.isSteps ? await withStepIds(input.steps, own) : [],
    };
  }

  return {
    async create(input: { projectId: number; content: CaseContentInput }, meta: CommandMeta) {
      const caseId = await idForNewStream(deps, 'testcase', streamOf, meta);
      const content = await contentOf(input.content, null);
      const facts = await factsOf(input.projectId, content);
      return run(
        input.projectId,
        caseId,
        { type: 'Create', caseId, projectId: input.projectId, historyId: await deps.ids.next('casehistory'), content, facts },
        meta,
      );
    },
    /** `expectedVersionTags`: the `If-Match` tags of an edit made on a version read earlier (null or absent: the last write wins). */
    async update(
      input: CaseRef & { content: CaseContentInput; skipHistory: boolean; expectedVersionTags?: readonly string[] | null },
      meta: CommandMeta,
    ) {
      const content = await contentOf(input.content, input.caseId);
      const facts = await factsOf(input.projectId, content);
      const historyId = await deps.ids.next('casehistory');
      const command: CaseCommand = {
        type: 'Update',
        historyId,
        content,
        skipHistory: input.skipHistory,
        facts,
        expectedVersionTags: input.expectedVersionTags ?? null,
      };
      return run(input.projectId, input.caseId, command, meta);
    },
    /** Many cases loaded in one read, before a bulk job's chunk changes them one by one. */
    preload: (caseIds: readonly number[]) => deps.aggregates.preload(caseIds.map(streamOf), caseDecider),
    /** A bulk job's change of one case (§3.3): moved to a suite of its project and/or relabelled, as a new version of its latest. */
    async bulkChange(input: CaseRef & { suiteId: number | null; labels: Relabelling | null }, meta: CommandMeta) {
      // Staying in its suite needs no look: a live case's suite is live.
      const facts = { suiteLive: input.suiteId === null || (await lookups.suiteLive(input.projectId, input.suiteId)) };
      const command: CaseCommand = {
        type: 'BulkChange',
        historyId: await deps.ids.next('casehistory'),
        suiteId: input.suiteId,
        labels: input.labels,
        facts,
      };
      return run(input.projectId, input.caseId, command, meta);
    },
    async restoreVersion(input: CaseRef & { version: number }, meta: CommandMeta) {
      const { state } = await deps.aggregates.load(streamOf(input.caseId), caseDecider);
      const restored = state.versions[input.version - 1] ?? (state.exists ? latestVersion(state) : undefined);
      // A restored version's files may have been deleted since: its suite is checked, its files are taken as they were.
      const facts = { suiteLive: restored ? await lookups.suiteLive(input.projectId, restored.content.suiteId) : false };
      return run(
        input.projectId,
        input.caseId,
        { type: 'RestoreVersion', historyId: await deps.ids.next('casehistory'), version: input.version, facts },
        meta,
      );
    },
    archive: async (input: CaseRef, meta: CommandMeta) =>
      run(input.projectId, input.caseId, { type: 'Archive', historyId: await deps.ids.next('casehistory') }, meta),
    unarchive: async (input: CaseRef, meta: CommandMeta) =>
      run(input.projectId, input.caseId, { type: 'Unarchive', historyId: await deps.ids.next('casehistory') }, meta),
    delete: (input: CaseRef & { withSuite?: number }, meta: CommandMeta) =>
      run(
        input.projectId,
        input.caseId,
        { type: 'Delete', ...(input.withSuite === undefined ? {} : { withSuite: input.withSuite }) },
        meta,
      ),
    recover: (input: CaseRef, meta: CommandMeta) => run(input.projectId, input.caseId, { type: 'Recover', caseId: input.caseId }, meta),
    remove: (input: CaseRef, meta: CommandMeta) => run(input.projectId, input.caseId, { type: 'Remove', caseId: input.caseId }, meta),
  };
}

/**
 * The verbs the case answers alone; create and update name labels, so they go
 * through a workflow (workflows/case-labels.ts), as do delete, archive and
 * their undoing, which take the case's tests along (workflows/case-tests.ts).
 */
export function caseHandlers(commands: ReturnType<typeof caseCommands>) {
  return { restoreVersion: commands.restoreVersion };
}

/**
 * The case as a new result is recorded against it (for the tests' rules; the command service hands it to them): its latest version with its
 * steps, and its suite.
 */
export async function currentCaseVersion(deps: KernelDeps, caseId: number) {
  const { state } = await deps.aggregates.load(streams.testCase.of(caseId), caseDecider);
  if (!state.exists) return { version: { historyId: 1, version: 1, steps: [] }, suiteId: 0 };
  const latest = latestVersion(state);
  const steps = latest.content.isSteps ? latest.content.steps.map(({ id, name, sortOrder }) => ({ id, name, sortOrder })) : [];
  return { version: { historyId: latest.historyId, version: state.versions.length, steps }, suiteId: latest.content.suiteId };
}

/**
 * Whether each case can go into a plan: live in the project, and not archived (for the plans' workflow). The
 * streams of cases not kept are read in one go: a plan of 1,000 cases made after a restart read them one by one.
 */
export async function caseStandings(
  deps: KernelDeps,
  projectId: number,
  caseIds: readonly number[],
): Promise<Map<number, 'addable' | 'archived' | 'unknown'>> {
  await deps.aggregates.preload(caseIds.map(streams.testCase.of), caseDecider);
  const standings = new Map<number, 'addable' | 'archived' | 'unknown'>();
  for (const caseId of caseIds) {
    const { state } = await deps.aggregates.load(streams.testCase.of(caseId), caseDecider);
    standings.set(
      caseId,
      !state.exists || state.deleted || state.projectId !== projectId ? 'unknown' : latestVersion(state).isArchive ? 'archived' : 'addable',
    );
  }
  return standings;
}
