import { ValidationError, planMessages } from '@testament/contracts';
import { batchMemberMeta, CommandBatch } from '../kernel/command-batch.ts';
import type { KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import type { PlanChanges, PlanCreateInput, PlanRef, planCommands } from '../plans/handlers.ts';
import type { testCommands } from '../tests/handlers.ts';
import { cascadeAfter, causedBy } from './cascade.ts';
import { commandUnit, type UnitOf } from '../kernel/command-units.ts';

type PlanCommands = ReturnType<typeof planCommands>;
type TestCommands = ReturnType<typeof testCommands>;

/** A test of the plan as the read model knows it (the gateway names them, as it names a suite's cases). */
export interface PlanTest {
  testId: number;
  caseId: number;
  isArchive: boolean;
}

/**
 * A plan's tests follow the plan: a create makes a test per case in every
 * plan of the parameter combinations; an update's case list is the complete
 * desired set (new cases get tests, D8: removed ones with results are archived,
 * others deleted, and a case added back brings its archived test back);
 * archive, delete and their undoing take the subtree's tests along. The plan's
 * stream first, then each test's stream, caused by it.
 */
/** Whether each case can go into a plan of the project (the cases' answer, wired in by the command service). */
export type CaseStandings = (
  projectId: number,
  caseIds: readonly number[],
) => Promise<ReadonlyMap<number, 'addable' | 'archived' | 'unknown'>>;

export function planTests(deps: KernelDeps, plans: PlanCommands, tests: TestCommands, caseStandings: CaseStandings) {
  /**
   * The tests' commands of one plan command, decided one by one and appended in one go: a plan of
   * 5,000 cases took 5,000 appends, each its own transaction, 9 s on 100,000 tests. Each test is
   * its own stream, and comes once, so no decision needs another's to be stored first.
   */
  async function inOneAppend(
    first: { position: number },
    steps: ReadonlyArray<(meta: CommandMeta) => Promise<unknown>>,
    meta: CommandMeta,
  ): Promise<number> {
    const batch = new CommandBatch();
    for (const [index, step] of steps.entries()) await step(batchMemberMeta(causedBy(meta), index, batch));
    return Math.max(first.position, await batch.commit(deps, [], meta));
  }

  /** Every case must be a live case of the project that is not archived (§3.4), checked before anything is written. */
  async function requireAddableCases(projectId: number, caseIds: readonly number[]): Promise<void> {
    const archived: number[] = [];
    const standings = await caseStandings(projectId, caseIds);
    for (const caseId of caseIds) {
      const standing = standings.get(caseId) ?? 'unknown';
      if (standing === 'unknown') throw ValidationError.of('test_cases', planMessages.caseUnknown(caseId));
      if (standing === 'archived') archived.push(caseId);
    }
    if (archived.length > 0) throw ValidationError.of('test_cases', planMessages.caseArchived(archived));
  }

  /** The same test command on each of the tests, after the plan's own. */
  const cascade =
    (
      planStep: (input: PlanRef, meta: CommandMeta) => Promise<{ position: number }>,
      testStep: TestCommands['archive'],
      permission: string,
    ) =>
    async (input: PlanRef & { testIds: number[] }, meta: CommandMeta) => ({
      position: await cascadeAfter(await planStep(input, meta), input.testIds, (testId) =>
        testStep({ projectId: input.projectId, testId, withPlan: input.id, permission }, causedBy(meta)),
      ),
    });

  return {
    /** `assignees`: who a copied plan's test of each case was assigned to (a copy with keep_assignee, §4.19). */
    async create(input: PlanCreateInput & { caseIds: number[]; assignees?: Record<number, number> }, meta: CommandMeta) {
      const caseIds = [...new Set(input.caseIds)];
      await requireAddableCases(input.projectId, caseIds);
      const created = await plans.create(input, meta);
      const steps = created.ids.flatMap((planId) =>
        caseIds.map(
          (caseId) => (testMeta: CommandMeta) =>
            tests.create(
              { projectId: input.projectId, planId, caseId, assigneeId: input.assignees?.[caseId] ?? null, permission: 'add_testplan' },
              testMeta,
            ),
        ),
      );
      const position = await inOneAppend(created, steps, meta);
      return { position, ids: created.ids };
    },
    async change(input: PlanRef & { changes: PlanChanges; caseIds?: number[]; currentTests: PlanTest[] }, meta: CommandMeta) {
      if (input.caseIds === undefined) return plans.change(input, meta);
      const wanted = new Set(input.caseIds);
      const live = input.currentTests.filter((test) => !test.isArchive);
      const liveCases = new Set(live.map((test) => test.caseId));
      const added = [...wanted].filter((caseId) => !liveCases.has(caseId));
      await requireAddableCases(input.projectId, added);
      const changed = await plans.change(input, meta);
      const archivedByCase = new Map(input.currentTests.filter((test) => test.isArchive).map((test) => [test.caseId, test.testId]));
      const { projectId, id: planId } = input;
      // The tests of added cases (made, or an archived one back) and of withdrawn ones: each test once.
      const steps = [
        ...added.map((caseId) => (testMeta: CommandMeta) => {
          const archived = archivedByCase.get(caseId);
          return archived === undefined
            ? tests.create({ projectId, planId, caseId, assigneeId: null, permission: 'change_testplan' }, testMeta)
            : tests.unarchive({ projectId, testId: archived, permission: 'change_testplan' }, testMeta);
        }),
        ...live
          .filter((test) => !wanted.has(test.caseId))
          .map((test) => (testMeta: CommandMeta) => tests.withdraw({ projectId, testId: test.testId, planId }, testMeta)),
      ];
      return { position: await inOneAppend(changed, steps, meta) };
    },
    archive: cascade(plans.archive, tests.archive, 'change_testplan'),
    unarchive: cascade(plans.unarchive, tests.unarchive, 'change_testplan'),
    delete: cascade(plans.delete, tests.delete, 'delete_testplan'),
    recover: cascade(plans.recover, tests.recover, 'delete_testplan'),
    remove: cascade(plans.remove, tests.remove, 'delete_testplan'),
  };
}

/** The plan commands, each with the plan's tests. */
export const commands = commandUnit({
  resource: 'plans',
  provides: { planTests: ({ kernel, ports }) => planTests(kernel, ports.plans, ports.tests, ports.caseStandings) },
  handlers: ({ ports }) => ports.planTests,
});

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** The plan commands with their tests, for the workflows that make plans (a report import's). */
    planTests: ReturnType<typeof planTests>;
  }
  interface CommandUnits {
    'workflows/plan-tests': UnitOf<typeof commands>;
  }
}
