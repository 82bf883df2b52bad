import {
  DEFAULT_PROJECT_SETTINGS,
  REPORT_DEFAULT_SUITE,
  REPORT_OUTCOMES,
  emptyReportSummary,
  NotFoundError,
  SKIPPED_LISTED,
  ValidationError,
  reportImportMessages,
  reportPageKey,
  reportPlanTestsKey,
  stagedReportPage,
  streams,
  type BulkOperation,
  type PreparedReportItem,
  type ReportChunkSummary,
  type ReportImportEvent,
  type StagedReportTest,
} from '@testament/contracts';
import { WrongExpectedRevisionError } from '@testament/infra';
import { createHash } from 'node:crypto';
import type { attachmentHandlers } from '../attachments/handlers.ts';
import type { caseCommands } from '../cases/handlers.ts';
import { caseDecider } from '../cases/decide.ts';
import { latestVersion } from '../cases/evolve.ts';
import { CommandBatch, type BatchMark } from '../kernel/command-batch.ts';
import type { Evolver } from '../kernel/aggregate-cache.ts';
import type { KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { inParallel } from '../kernel/in-parallel.ts';
import { requireProjectWrite } from '../kernel/project-access.ts';
import { planTreeDecider } from '../plans/decide.ts';
import { projectDecider } from '../projects/decide.ts';
import type { testCommands } from '../tests/handlers.ts';
import { testDecider } from '../tests/decide.ts';
import type { suiteCommands } from '../suites/handlers.ts';
import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { derivedMeta, folderSuites, stagedReader, type ImportStaging } from './case-import.ts';
import type { planTests } from './plan-tests.ts';
import { reasonOf, refusal } from '../kernel/refusal.ts';

export type ReportOperation = Extract<BulkOperation, { kind: 'report' }>;

/**
 * A report import as it is asked for: its staged tests (pages of `pageSize` under `stagedKey`), their suites' paths, the plan (by
 * id, or by a name found among the live root plans or made), the suite the paths go under, and the run's key.
 */
export interface ReportRequest {
  source: ReportOperation['source'];
  stagedKey: string;
  pageSize: number;
  pages: number;
  folders: readonly (readonly string[])[];
  planId: number | null;
  planName: string | null;
  suiteId: number | null;
  runKey: string | null;
}

/** The job's suites by their paths, worked out once per operation: a report of 100,000 tests has a thousand suites. */
const suiteIdsByPath = new WeakMap<ReportOperation, Map<string, number>>();
function suiteIdsOf(operation: ReportOperation): Map<string, number> {
  let byPath = suiteIdsByPath.get(operation);
  if (!byPath) {
    byPath = new Map(operation.suites.map((suite) => [JSON.stringify(suite.path), suite.suiteId]));
    suiteIdsByPath.set(operation, byPath);
  }
  return byPath;
}

/**
 * Claims go in shards: a project's cases by key, a plan's tests by case. A chunk appends one claim per shard it touches,
 * at the revision it read, so it costs a few events rather than one per test, and two imports claiming in the same shard
 * at the same time make one of them decide again.
 */
const SHARDS = 16;
type Claims<K> = ReadonlyMap<K, { id: number; jobId: number }>;

/** The claims of one shard: each a map copied once per load (`evolveAll`), never changed in place (the cache shares it). */
function claimShard<K>(claimed: (event: ReportImportEvent) => Array<[K, number]>): Evolver<Claims<K>, ReportImportEvent> {
  const evolveAll = (state: Claims<K>, events: readonly ReportImportEvent[]) => {
    const next = new Map(state);
    for (const event of events) for (const [key, id] of claimed(event)) next.set(key, { id, jobId: event.data.jobId });
    return next;
  };
  return { initialState: new Map(), evolve: (state, event) => evolveAll(state, [event]), evolveAll };
}
const caseClaims = claimShard<string>((event) =>
  event.type === 'ReportCasesClaimed' ? event.data.cases.map(({ key, caseId }) => [key, caseId]) : [],
);
const testClaims = claimShard<number>((event) =>
  event.type === 'ReportTestsClaimed' ? event.data.tests.map(({ caseId, testId }) => [caseId, testId]) : [],
);

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 40);
const PREPARE_ATTEMPTS = 10;
/** Items of a chunk decided at once: their lookups overlap. */
const CONCURRENCY = 32;
/** A case's name as long as the cases take; the key keeps the whole name, so matching is unaffected. */
const CASE_NAME_MAX = 255;

function skip(summary: ReportChunkSummary, test: StagedReportTest, reason: string) {
  summary.skippedCount++;
  if (summary.skipped.length < SKIPPED_LISTED) summary.skipped.push({ file: test.file, line: test.line, name: test.name, reason });
}

/** What an automated test's case says of itself: the key it is found by in the next runs. */
const scenarioOf = (test: StagedReportTest) => `Automated test \`${test.key}\`, recorded from ${test.file}.`;

/**
 * Test report imports (`import/junit/`, `import/allure/`) as bulk jobs. Accepting one claims its run key (a run imported
 * before answers with its job and writes nothing), finds or makes its plan and its suites. Each chunk then goes in two
 * appends: first its cases (found by `testament_case_id`, by the claim of their key, or made and claimed), its tests (found
 * by their claim or in the plan as it was accepted, or made and claimed) and its files, with the chunk's own claim; then a
 * result per test with the job's chunk mark. A chunk tried again finds its first append's claim and only adds the results,
 * which its mark lets happen once.
 */
export function reportImport(
  deps: Pick<KernelDeps, 'projectAccess' | 'aggregates' | 'store' | 'clock'>,
  ports: {
    suites: ReturnType<typeof suiteCommands>;
    cases: ReturnType<typeof caseCommands>;
    tests: ReturnType<typeof testCommands>;
    attachments: ReturnType<typeof attachmentHandlers>;
    planTests: ReturnType<typeof planTests>;
  },
  staging: ImportStaging | undefined,
  usableStatusIds: (projectId: number) => Promise<number[]>,
) {
  const page = stagedReader(staging, (value) => stagedReportPage.parse(value).tests);
  const planTestsOf = stagedReader(staging, (value) => new Map(value as Array<[number, number]>));

  async function stagedTests(operation: ReportOperation, places: readonly number[]): Promise<StagedReportTest[]> {
    return Promise.all(
      places.map(async (place) => {
        const test = (await page(reportPageKey(operation.stagedKey, Math.floor((place - 1) / operation.pageSize))))[
          (place - 1) % operation.pageSize
        ];
        if (!test) throw new NotFoundError();
        return test;
      }),
    );
  }

  /** The plan the results go to: the one named, live and not archived, or the live root plan of that name, else a new one. */
  async function planFor(projectId: number, request: ReportRequest, meta: CommandMeta): Promise<number> {
    const { plans } = (await deps.aggregates.load(streams.plans.of(projectId), planTreeDecider)).state;
    if (request.planId !== null) {
      const plan = plans.get(request.planId);
      if (!plan || plan.deletedWith !== null) throw ValidationError.of('plan', reportImportMessages.planUnknown(request.planId));
      if (plan.isArchive) throw ValidationError.of('plan', reportImportMessages.planArchived);
      return plan.id;
    }
    const name = request.planName!;
    const found = [...plans.values()].find(
      (plan) => plan.parentId === null && plan.name === name && plan.deletedWith === null && !plan.isArchive,
    );
    if (found) return found.id;
    const now = deps.clock();
    // A plan's due date must follow its start: a CI run's plan is due a day after it starts.
    const dueDate = new Date(now.getTime() + 24 * 3600_000).toISOString();
    const fields = { name, description: '', startedAt: now.toISOString(), dueDate, finishedAt: null, attributes: {}, attachmentIds: [] };
    const created = await ports.planTests.create(
      { projectId, parentId: null, fields, isArchive: false, parameterIds: [], caseIds: [] },
      derivedMeta(meta, `plan:${name}`),
    );
    return created.ids[0]!;
  }

  /** The status each outcome gets: the project's import statuses, each of which must be usable in it. */
  async function importStatuses(projectId: number): Promise<ReportOperation['statuses']> {
    const { settings } = (await deps.aggregates.load(streams.project.of(projectId), projectDecider)).state;
    const statuses = { ...DEFAULT_PROJECT_SETTINGS.importStatuses, ...settings.importStatuses };
    const usable = new Set(await usableStatusIds(projectId));
    for (const outcome of REPORT_OUTCOMES)
      if (!usable.has(statuses[outcome]))
        throw ValidationError.of('project', reportImportMessages.statusUnusable(outcome, statuses[outcome]));
    return statuses;
  }

  /** The job that imported this run before, if one. */
  async function earlierRun(projectId: number, runKey: string | null): Promise<number | null> {
    if (runKey === null) return null;
    const [claim] = await deps.store.readStream(streams.reportRun(projectId, sha(runKey)));
    return claim ? (claim.data as { jobId: number }).jobId : null;
  }

  /**
   * The shards `keys` fall in, each loaded once before anything is decided (so each decision and the revision its claim is
   * appended at agree); `claim` adds to a shard's claims; `marks` are the claims to append, each at the revision read.
   */
  async function shardsOf<K>(
    streamOf: (shard: number) => string,
    evolver: Evolver<Claims<K>, ReportImportEvent>,
    shardOf: (key: K) => number,
    keys: readonly K[],
  ) {
    const loaded = new Map<number, { revision: number; state: Claims<K> }>();
    for (const shard of new Set(keys.map(shardOf))) loaded.set(shard, await deps.aggregates.load(streamOf(shard), evolver));
    const added = new Map<number, Array<[K, number]>>();
    return {
      find: (key: K) => loaded.get(shardOf(key))?.state.get(key),
      claim(key: K, id: number) {
        const shard = shardOf(key);
        added.set(shard, [...(added.get(shard) ?? []), [key, id]]);
      },
      marks(event: (claims: Array<[K, number]>) => ReportImportEvent): BatchMark[] {
        return [...added].map(([shard, claims]) => {
          const revision = loaded.get(shard)?.revision ?? -1;
          return { stream: streamOf(shard), events: [event(claims)], expected: revision === -1 ? 'no_stream' : revision };
        });
      },
    };
  }

  /** The cases of the chunk's tests: found, made into `batch` (with their claims in `marks`), or a reason to skip. */
  async function casesOf(
    job: { projectId: number; jobId: number; operation: ReportOperation },
    tests: readonly StagedReportTest[],
    batch: CommandBatch,
    marks: BatchMark[],
    meta: CommandMeta,
  ): Promise<Array<{ caseId: number; created: boolean } | { skipped: string }>> {
    const { projectId, jobId, operation } = job;
    const keyed = tests.filter((test) => test.caseRef === null).map((test) => test.key);
    // Hashed once per key: a shard is asked for each key three times (to load, to find, to claim).
    const shardOfKey = new Map(keyed.map((key) => [key, Number.parseInt(sha(key).slice(0, 4), 16) % SHARDS]));
    const keyShard = (key: string) => shardOfKey.get(key)!;
    const shards = await shardsOf((shard) => streams.reportCases(projectId, shard), caseClaims, keyShard, keyed);
    const claimed = tests.map((test) => (test.caseRef === null ? shards.find(test.key) : undefined));
    const named = tests.flatMap((test) => {
      const caseId = test.caseRef === null ? NaN : Number(test.caseRef);
      return Number.isSafeInteger(caseId) && caseId > 0 ? [caseId] : [];
    });
    const claimedIds = claimed.flatMap((claim) => claim?.id ?? []);
    await deps.aggregates.preload([...named, ...claimedIds].map(streams.testCase.of), caseDecider);
    const standing = async (caseId: number) => {
      const { state } = await deps.aggregates.load(streams.testCase.of(caseId), caseDecider);
      if (!state.exists || state.deleted || state.projectId !== projectId) return 'unknown' as const;
      return latestVersion(state).isArchive ? ('archived' as const) : ('live' as const);
    };
    type Found = { caseId: number; created: boolean } | { skipped: string };
    const caseOf = async (index: number, test: StagedReportTest): Promise<Found> => {
      // A test the report names again adds nothing (its first one has the case).
      if (test.firstLine !== null) return { skipped: reportImportMessages.namedTwice(test.firstLine) };
      if (test.caseRef !== null) {
        const caseId = Number(test.caseRef);
        const known = Number.isSafeInteger(caseId) && caseId > 0 ? await standing(caseId) : 'unknown';
        if (known === 'live') return { caseId, created: false };
        return {
          skipped: known === 'archived' ? reportImportMessages.caseArchived(caseId) : reportImportMessages.caseIdUnknown(test.caseRef),
        };
      }
      const earlier = claimed[index];
      if (earlier) {
        const known = await standing(earlier.id);
        if (known === 'live') return { caseId: earlier.id, created: earlier.jobId === jobId };
        if (known === 'archived') return { skipped: reportImportMessages.caseArchived(earlier.id) };
        // Its case was deleted: the test gets a new one, claimed over the old claim.
      }
      // A test outside any suite goes to the import's suite, else to the root suite made for such tests.
      const suiteId =
        suiteIdsOf(operation).get(JSON.stringify(test.suitePath)) ??
        (test.suitePath.length === 0 ? suiteIdsOf(operation).get(JSON.stringify([REPORT_DEFAULT_SUITE])) : undefined);
      if (suiteId === undefined) throw new Error(`report import ${jobId}: no suite for ${JSON.stringify(test.suitePath)}`);
      const name = test.name.length > CASE_NAME_MAX ? `${test.name.slice(0, CASE_NAME_MAX - 1)}…` : test.name;
      const content = {
        name: name.trim() === '' ? test.key.slice(0, CASE_NAME_MAX) : name,
        suiteId,
        description: '',
        setup: '',
        scenario: scenarioOf(test),
        expected: '',
        teardown: '',
        estimate: null,
        isSteps: false,
        attributes: {},
        steps: [],
      };
      const { caseId } = await ports.cases.create({ projectId, content }, { ...meta, batch });
      shards.claim(test.key, caseId);
      return { caseId, created: true };
    };
    const outcomes: Found[] = [];
    await inParallel(tests.entries(), CONCURRENCY, async ([index, test]) => {
      outcomes[index] = await caseOf(index, test);
    });
    marks.push(
      ...shards.marks((claims) => ({
        type: 'ReportCasesClaimed',
        data: { projectId, jobId, cases: claims.map(([key, caseId]) => ({ key, caseId })) },
      })),
    );
    return outcomes;
  }

  /** The chunk's cases, tests and files, made once: its claim if an earlier try wrote it, else decided and appended now. */
  async function prepare(
    job: { projectId: number; jobId: number; operation: ReportOperation },
    from: number,
    tests: readonly StagedReportTest[],
    places: readonly number[],
    meta: CommandMeta,
  ): Promise<PreparedReportItem[]> {
    const { projectId, jobId, operation } = job;
    const chunkStream = streams.reportChunk(projectId, jobId, from);
    for (let attempt = 1; ; attempt++) {
      const [earlier] = await deps.store.readStream(chunkStream);
      if (earlier) return (earlier.data as { items: PreparedReportItem[] }).items;
      const batch = new CommandBatch({ keepStates: false });
      const marks: BatchMark[] = [];
      const cases = await casesOf(job, tests, batch, marks, meta);
      const items: PreparedReportItem[] = places.map((place) => ({
        place,
        caseId: null,
        testId: null,
        attachmentIds: [],
        caseCreated: false,
        testCreated: false,
        skipped: null,
      }));
      // A case two tests of the chunk found gets the first one's result only.
      const seen = new Set<number>();
      for (const [index, found] of cases.entries()) {
        if ('skipped' in found) items[index]!.skipped = found.skipped;
        else if (seen.has(found.caseId)) items[index]!.skipped = reportImportMessages.caseTwice(found.caseId);
        else {
          seen.add(found.caseId);
          Object.assign(items[index]!, { caseId: found.caseId, caseCreated: found.created });
        }
      }
      const withCases = items.filter((item) => item.caseId !== null);
      const caseIds = withCases.map((item) => item.caseId!);
      const testShard = (caseId: number) => caseId % SHARDS;
      const shards = await shardsOf((shard) => streams.reportTests(operation.planId, shard), testClaims, testShard, caseIds);
      const inPlan = await planTestsOf(reportPlanTestsKey(operation.stagedKey));
      await inParallel(withCases, CONCURRENCY, async (item) => {
        const claim = shards.find(item.caseId!);
        const testId = claim?.id ?? inPlan.get(item.caseId!);
        if (testId !== undefined) {
          const { state } = await deps.aggregates.load(streams.test.of(testId), testDecider);
          if (state.exists && !state.deleted && !state.isArchive && state.planId === operation.planId) {
            Object.assign(item, { testId, testCreated: claim?.jobId === jobId });
          } else item.skipped = reportImportMessages.testGone(testId);
        } else {
          const made = await ports.tests.create(
            { projectId, planId: operation.planId, caseId: item.caseId!, assigneeId: null },
            { ...meta, batch },
          );
          shards.claim(item.caseId!, made.testId);
          Object.assign(item, { testId: made.testId, testCreated: true });
        }
        if (item.skipped !== null) return;
        const test = tests[items.indexOf(item)]!;
        for (const file of test.files) {
          const input = { ...file, imageType: null, projectId, comment: '', contentTypeId: null, objectId: null };
          item.attachmentIds.push((await ports.attachments.upload(input, { ...meta, batch })).attachmentId);
        }
      });
      marks.push(
        ...shards.marks((claims) => ({
          type: 'ReportTestsClaimed',
          data: { projectId, planId: operation.planId, jobId, tests: claims.map(([caseId, testId]) => ({ caseId, testId })) },
        })),
      );
      const prepared: ReportImportEvent = { type: 'ReportChunkPrepared', data: { projectId, jobId, from, items } };
      try {
        await batch.commit(deps, [...marks, { stream: chunkStream, events: [prepared], expected: 'no_stream' }], meta);
        return items;
      } catch (error) {
        // Another try wrote the chunk's claim (found above next time), or another import claimed a key or a test meanwhile.
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= PREPARE_ATTEMPTS) throw error;
      }
    }
  }

  return {
    /** The job that imported the run before (nothing is written then), else the operation with its plan and suites found or made. */
    async resolve(
      projectId: number,
      request: ReportRequest,
      meta: CommandMeta,
    ): Promise<{ operation: ReportOperation; earlierJobId: null } | { operation: null; earlierJobId: number }> {
      const access = await deps.projectAccess(projectId, meta.actor);
      for (const permission of ['add_testresult', 'add_test', 'add_testcase']) requireProjectWrite(access, meta.actor, permission);
      const earlierJobId = await earlierRun(projectId, request.runKey);
      if (earlierJobId !== null) return { operation: null, earlierJobId };
      const folders = await folderSuites(deps, ports.suites, { projectId, suiteId: request.suiteId, folders: request.folders }, meta);
      const statuses = await importStatuses(projectId);
      const planId = await planFor(projectId, request, meta);
      const operation: ReportOperation = {
        kind: 'report',
        source: request.source,
        stagedKey: request.stagedKey,
        pageSize: request.pageSize,
        pages: request.pages,
        planId,
        runKey: request.runKey,
        statuses,
        suites: await folders.make(),
      };
      return { operation, earlierJobId: null };
    },

    /** The claim of the job's run key, appended with the job's request: a run is taken by one job, whoever asks at the same time. */
    runClaim(projectId: number, jobId: number, operation: ReportOperation): BatchMark | null {
      if (operation.runKey === null) return null;
      const event: ReportImportEvent = { type: 'ReportRunClaimed', data: { projectId, runKey: operation.runKey, jobId } };
      return { stream: streams.reportRun(projectId, sha(operation.runKey)), events: [event], expected: 'no_stream' };
    },

    earlierRun,

    /**
     * Decides the results of the chunk's tests into `batch` after making their cases and tests; what the chunk did, for its mark.
     * A test whose result is refused (a status's required attributes, say) is skipped with the refusal as its reason.
     */
    async decideChunk(
      job: { projectId: number; jobId: number; operation: ReportOperation },
      from: number,
      places: readonly number[],
      batch: CommandBatch,
      meta: CommandMeta,
    ): Promise<ReportChunkSummary> {
      const { projectId, operation } = job;
      const tests = await stagedTests(operation, places);
      const items = await prepare(job, from, tests, places, meta);
      const summary = emptyReportSummary();
      await ports.tests.preload(
        items.flatMap((item) => item.testId ?? []),
        { withCases: true },
      );
      await inParallel(items.entries(), CONCURRENCY, async ([index, item]) => {
        const test = tests[index]!;
        if (item.caseCreated) summary.casesCreated++;
        if (item.testCreated) summary.testsCreated++;
        if (item.skipped !== null || item.testId === null) return skip(summary, test, item.skipped ?? '');
        const status = operation.statuses[test.outcome];
        const result = {
          projectId,
          testId: item.testId,
          status,
          comment: test.comment,
          executionTime: test.seconds === null ? null : Math.round(test.seconds),
          attributes: {},
          attachmentIds: item.attachmentIds,
          isArchive: false,
          steps: [],
        };
        try {
          await ports.tests.addResult(result, { ...meta, batch });
        } catch (error) {
          if (!refusal(error)) throw error;
          return skip(summary, test, reportImportMessages.refused(reasonOf(error as Error)));
        }
        summary.outcomes[test.outcome]++;
        summary.results[status] = (summary.results[status] ?? 0) + 1;
      });
      summary.skipped.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
      return summary;
    },

    /** Drops a finished job's staged pages: nothing reads them again (the tests' files are attachments now, and stay). */
    async discard(operation: ReportOperation) {
      if (!staging) return;
      const keys = [reportPlanTestsKey(operation.stagedKey)];
      for (let index = 0; index < operation.pages; index++) keys.push(reportPageKey(operation.stagedKey, index));
      await Promise.all(keys.map((key) => staging.discard(key)));
    },
  };
}

/** Test report imports, as the bulk jobs apply them. */
export const commands = commandUnit({
  resource: 'bulk-jobs',
  provides: {
    reportImport: ({ kernel, ports }) =>
      reportImport(
        kernel,
        { suites: ports.suites, cases: ports.cases, tests: ports.tests, attachments: ports.attachments, planTests: ports.planTests },
        ports.importStaging,
        ports.usableStatusIds,
      ),
  },
});

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** Test report imports, as the bulk jobs apply them. */
    reportImport: ReturnType<typeof reportImport>;
  }
  interface CommandUnits {
    'workflows/report-import': UnitOf<typeof commands>;
  }
}
