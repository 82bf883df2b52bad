import { streams } from '@testament/contracts';
import { handleCommand, idForNewStream, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import type { Actor } from '../kernel/decider.ts';
import { testDecider, type CaseVersionFacts, type EditSettings, type ResultFacts, type StepStatus, type TestCommand } from './decide.ts';

/** What the tests' rules read in other aggregates, wired in by the command service. */
export interface TestLookups {
  usableStatusIds(projectId: number): Promise<readonly number[]>;
  unusableAttachment(projectId: number, attachmentIds: readonly number[]): Promise<number | null>;
  requiredResultAttributes(projectId: number, statusId: number, suiteId: number): Promise<readonly string[]>;
  /** Whether the plan is live in the project. */
  planLive(projectId: number, planId: number): Promise<boolean>;
  /** The case as it is now: the version a new result is made on, and its suite. */
  currentCase(caseId: number): Promise<{ version: CaseVersionFacts; suiteId: number }>;
  /** Many cases loaded in one read (see `preload`). */
  preloadCases(caseIds: readonly number[]): Promise<void>;
  /** The project's result-edit settings (§4.10). */
  editSettings(projectId: number): Promise<EditSettings>;
}

export interface TestRef {
  projectId: number;
  testId: number;
}

export interface ResultInput {
  status: number;
  comment: string;
  executionTime: number | null;
  attributes: Record<string, unknown>;
  attachmentIds: number[];
  isArchive: boolean;
  steps: StepStatus[];
}

/** Cascade commands carry the plan's or case's permission when its change causes them. */
type Cascaded = { withPlan?: number; withCase?: number; permission?: string };

/** The commands on one test and its results. */
export function testCommands(deps: KernelDeps, lookups: TestLookups) {
  const streamOf = streams.test.of;

  async function decided(projectId: number, testId: number, command: TestCommand, meta: CommandMeta) {
    const project = await deps.projectAccess(projectId, meta.actor);
    return handleCommand(deps, testDecider, streamOf(testId), command, meta, { project });
  }

  async function run(projectId: number, testId: number, command: TestCommand, meta: CommandMeta) {
    const { position } = await decided(projectId, testId, command, meta);
    return { position, testId };
  }

  const caseOf = async (testId: number) => lookups.currentCase((await deps.aggregates.load(streamOf(testId), testDecider)).state.caseId);

  type CurrentCase = Awaited<ReturnType<typeof caseOf>>;

  async function resultFacts(
    input: TestRef,
    fields: { status?: number; attributes?: Record<string, unknown>; attachmentIds?: number[]; steps?: StepStatus[] },
    statusNow: number | undefined,
    current?: CurrentCase,
  ): Promise<ResultFacts> {
    const { version, suiteId } = current ?? (await caseOf(input.testId));
    const usable = new Set(await lookups.usableStatusIds(input.projectId));
    const statuses = [...(fields.status === undefined ? [] : [fields.status]), ...(fields.steps ?? []).map((step) => step.status)];
    const status = fields.status ?? statusNow;
    return {
      unusableStatus: statuses.find((statusId) => !usable.has(statusId)) ?? null,
      unusableAttachment: await lookups.unusableAttachment(input.projectId, fields.attachmentIds ?? []),
      requiredAttributes: status === undefined ? [] : await lookups.requiredResultAttributes(input.projectId, status, suiteId),
      caseVersion: version,
    };
  }

  /** `current`: the test's case as the caller already looked it up. */
  async function addResult(input: TestRef & ResultInput, meta: CommandMeta, current?: CurrentCase) {
    const { projectId, testId, steps, ...fields } = input;
    const facts = await resultFacts(input, input, undefined, current);
    const resultId = await deps.ids.next('testresult');
    const stepResultIds: number[] = [];
    for (const _step of steps) stepResultIds.push(await deps.ids.next('teststepresult'));
    const createdAt = deps.clock().toISOString();
    const { position, earlier } = await decided(
      projectId,
      testId,
      { type: 'AddResult', resultId, createdAt, fields, steps, stepResultIds, facts },
      meta,
    );
    // A retry answers with the result its first run recorded (the id drawn now goes unused).
    return { position, resultId: earlier ? (earlier[0]!.data as { resultId: number }).resultId : resultId };
  }

  return {
    async create(
      input: { projectId: number; planId: number; caseId: number; assigneeId: number | null; permission?: string },
      meta: CommandMeta,
    ) {
      const testId = await idForNewStream(deps, 'test', streamOf, meta);
      const { projectId, planId, caseId, assigneeId } = input;
      return run(
        projectId,
        testId,
        { type: 'Create', testId, projectId, planId, caseId, assigneeId, permission: input.permission ?? 'add_test' },
        meta,
      );
    },
    /** `assignee`: who the assignee is to the access rules (the gateway knows users), or null to unassign. */
    async assign(input: TestRef & { assignee: (Actor & { userId: number }) | null }, meta: CommandMeta) {
      const assigneeCanView = input.assignee === null || (await deps.projectAccess(input.projectId, input.assignee)).canView;
      return run(
        input.projectId,
        input.testId,
        { type: 'Assign', assigneeId: input.assignee?.userId ?? null, facts: { assigneeCanView } },
        meta,
      );
    },
    move: async (input: TestRef & { planId: number }, meta: CommandMeta) =>
      run(
        input.projectId,
        input.testId,
        { type: 'Move', planId: input.planId, facts: { planLive: await lookups.planLive(input.projectId, input.planId) } },
        meta,
      ),
    archive: (input: TestRef & Cascaded, meta: CommandMeta) =>
      run(
        input.projectId,
        input.testId,
        { type: 'Archive', withPlan: input.withPlan, withCase: input.withCase, permission: input.permission },
        meta,
      ),
    unarchive: (input: TestRef & Cascaded, meta: CommandMeta) =>
      run(input.projectId, input.testId, { type: 'Unarchive', permission: input.permission }, meta),
    delete: (input: TestRef & Cascaded, meta: CommandMeta) =>
      run(
        input.projectId,
        input.testId,
        { type: 'Delete', withPlan: input.withPlan, withCase: input.withCase, permission: input.permission },
        meta,
      ),
    recover: (input: TestRef & Cascaded, meta: CommandMeta) =>
      run(input.projectId, input.testId, { type: 'Recover', testId: input.testId, permission: input.permission }, meta),
    remove: (input: TestRef & Cascaded, meta: CommandMeta) =>
      run(input.projectId, input.testId, { type: 'Remove', testId: input.testId, permission: input.permission }, meta),
    /** D8: a test leaving its plan's case list is archived when it has results, deleted otherwise. */
    async withdraw(input: TestRef & { planId: number }, meta: CommandMeta) {
      const { state } = await deps.aggregates.load(streamOf(input.testId), testDecider);
      const hasResults = [...state.results.values()].some((result) => !result.deleted);
      const command: TestCommand = hasResults
        ? { type: 'Archive', withPlan: input.planId, permission: 'change_testplan' }
        : { type: 'Delete', withPlan: input.planId, permission: 'change_testplan' };
      return run(input.projectId, input.testId, command, meta);
    },
    addResult,
    /** Many tests loaded in one read, and with `withCases` their cases in another, before a bulk job's chunk changes them one by one. */
    async preload(testIds: readonly number[], { withCases }: { withCases: boolean }) {
      await deps.aggregates.preload(testIds.map(streamOf), testDecider);
      if (!withCases) return;
      const tests = await Promise.all(testIds.map((testId) => deps.aggregates.load(streamOf(testId), testDecider)));
      await lookups.preloadCases(tests.map(({ state }) => state.caseId));
    },
    /**
     * A bulk result (§4.11): the common attributes with the test's suite's over
     * them, and every step of the case version at the result's status.
     */
    async addResultToEveryStep(
      input: TestRef &
        Omit<ResultInput, 'steps'> & { suiteAttributes: ReadonlyArray<{ suiteId: number; values: Record<string, unknown> }> },
      meta: CommandMeta,
    ) {
      const { suiteAttributes, ...result } = input;
      const current = await caseOf(input.testId);
      const attributes = { ...result.attributes, ...suiteAttributes.find((suite) => suite.suiteId === current.suiteId)?.values };
      return addResult(
        { ...result, attributes, steps: current.version.steps.map((step) => ({ stepId: step.id, status: result.status })) },
        meta,
        current,
      );
    },
    async editResult(input: TestRef & { resultId: number; changes: Partial<ResultInput> }, meta: CommandMeta) {
      const test = (await deps.aggregates.load(streamOf(input.testId), testDecider)).state;
      const facts = await resultFacts(input, input.changes, test.results.get(input.resultId)?.status);
      const settings = await lookups.editSettings(input.projectId);
      const { position } = await run(
        input.projectId,
        input.testId,
        { type: 'EditResult', resultId: input.resultId, changes: input.changes, facts: { ...facts, settings } },
        meta,
      );
      return { position, resultId: input.resultId };
    },
    deleteResult: async (input: TestRef & { resultId: number }, meta: CommandMeta) =>
      run(input.projectId, input.testId, { type: 'DeleteResult', resultId: input.resultId }, meta),
  };
}

/** The verbs a test answers alone; the plan's cascades and case lists go through workflows/plan-tests.ts. */
export function testHandlers(commands: ReturnType<typeof testCommands>) {
  const { create, assign, move, archive, unarchive, recover, remove, addResult, editResult, deleteResult } = commands;
  return { create, assign, move, archive, unarchive, delete: commands.delete, recover, remove, addResult, editResult, deleteResult };
}
