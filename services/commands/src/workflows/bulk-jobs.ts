import {
  ConflictError,
  PermissionDeniedError,
  ValidationError,
  bulkMessages,
  correlations,
  streams,
  type BulkJobChunkEvent,
  type BulkOperation,
} from '@testament/contracts';
import { timeSlices, WrongExpectedRevisionError } from '@testament/infra';
import type { bulkJobCommands, BulkJobRef } from '../bulk-jobs/handlers.ts';
import type { BulkJob } from '../bulk-jobs/evolve.ts';
import type { BulkJobCommand } from '../bulk-jobs/decide.ts';
import { AppendTooLargeError } from '../kernel/append-too-large.ts';
import { CommandBatch, type BatchMark } from '../kernel/command-batch.ts';
import type { KernelDeps } from '../kernel/command-handler.ts';
import { newCommandMeta, type CommandMeta } from '../kernel/command-meta.ts';
import type { Actor } from '../kernel/decider.ts';
import { inParallel } from '../kernel/in-parallel.ts';
import { reasonOf, refusal } from '../kernel/refusal.ts';
import { requireProjectWrite } from '../kernel/project-access.ts';
import type { testCommands } from '../tests/handlers.ts';
import type { caseCommands } from '../cases/handlers.ts';
import type { Relabelling } from '../cases/decide.ts';
import type { caseLabelIds, CaseLabelInput } from './case-labels.ts';
import type { caseImport, ImportRequest } from './case-import.ts';
import type { reportImport, ReportRequest } from './report-import.ts';
import { commandUnit, type UnitOf } from '../kernel/command-units.ts';

/** Items applied between two progress marks, at most; a smaller job moves in twentieths, so its progress shows. */
const BULK_CHUNK = 500;
const chunkSizeFor = (items: number) => Math.min(BULK_CHUNK, Math.max(50, Math.ceil(items / 20)));
/** Items of a chunk decided at once: their lookups (the case, the plan, the access rules) overlap. */
const CHUNK_CONCURRENCY = 32;
/** A chunk decided again this often when other writers keep changing its items between its decision and its append. */
const CHUNK_ATTEMPTS = 10;
/**
 * A job in the background that a fault of the server stopped is tried again this often, a little later each time, before it waits for the
 * next start.
 */
const BACKGROUND_ATTEMPTS = 5;
const RETRY_AFTER_MS = 1_000;

/** One chunk of a job: its items from `from`, as many as the job's chunk size; the token the job was asked with, if one. */
export interface BulkChunk {
  ref: BulkJobRef;
  from: number;
  tokenId?: string | undefined;
}

/**
 * Who a job's changes are made by: its user as the API token it was asked with let them act (no administrator's powers
 * without the token's admin scope, one project only for a token kept to one), whoever runs or resumes it.
 */
function runningAs(job: BulkJob, actor: Actor): { actor: Actor; tokenId: string | undefined } {
  if (!job.token) return { actor, tokenId: undefined };
  const { tokenId, isSuperuser, onlyProjectId } = job.token;
  return { actor: { ...actor, isSuperuser, onlyProjectId: onlyProjectId ?? undefined }, tokenId };
}

/** A chunk applied whole (`position`: of its last write), or not at all because of the item refused. */
export interface ChunkOutcome {
  position: number;
  refused: { itemId: number; reason: string } | null;
}

/**
 * Where a job's chunks are applied: by this process, or by whichever worker
 * takes each off the bus (bus-transport.ts), several at a time.
 */
export interface ChunkWorkers {
  apply(chunk: BulkChunk, actor: Actor): Promise<ChunkOutcome>;
  inFlight: number;
  /** Items per chunk in the jobs accepted from now on (default BULK_CHUNK). */
  chunkSize?: number;
}

type Jobs = ReturnType<typeof bulkJobCommands>;

/** A job's commands all carry its correlation id, whoever runs them and whenever: the audit trail shows the job's events as one group. */
const jobMeta = (ref: Pick<BulkJobRef, 'projectId' | 'jobId'>, meta: CommandMeta): CommandMeta => ({
  ...meta,
  correlationId: correlations.bulkJob(ref.projectId, ref.jobId),
});

/** What a job changes: tests, or cases; the project's labels, which a case relabelling names; and the cases an import creates. */
export interface BulkTargets {
  tests: ReturnType<typeof testCommands>;
  cases: ReturnType<typeof caseCommands>;
  labelIds: ReturnType<typeof caseLabelIds>;
  imports: ReturnType<typeof caseImport>;
  reports: ReturnType<typeof reportImport>;
}

/**
 * A job as it is asked for: a case relabelling names its labels by id or by name, an import its folders and label names, resolved to ids
 * when it is accepted.
 */
export type RequestedOperation =
  | Exclude<BulkOperation, { kind: 'cases' | 'import' | 'report' }>
  | { kind: 'cases'; suiteId: number | null; labels: { action: Relabelling['action']; labels: CaseLabelInput[] } | null }
  | ({ kind: 'import' } & ImportRequest)
  | ({ kind: 'report' } & ReportRequest);

/** The permission each item's change needs, checked once before a job is accepted. */
const PERMISSION: Record<BulkOperation['kind'], string> = {
  assign: 'change_test',
  move: 'change_test',
  delete: 'delete_test',
  result: 'add_testresult',
  cases: 'change_testcase',
  import: 'add_testcase',
  report: 'add_testresult',
};

/**
 * Bulk jobs (§4.11): a job is accepted with its items (tests, or cases), then
 * applied chunk by chunk. A chunk's items are decided first, each by its own
 * command; the first item refused (deleted meanwhile, its target plan or suite
 * gone, an archived case) fails the job with nothing of the chunk applied.
 * Otherwise every item's events and the chunk's mark go into the log in one
 * atomic append. The mark's stream is written only once, so a chunk tried
 * again (after a crash, by another worker) is applied once. The job's progress
 * is recorded after its chunks, in order.
 */
export function bulkJobWorkflow(
  deps: Pick<KernelDeps, 'ids' | 'projectAccess' | 'store' | 'aggregates' | 'clock'>,
  jobs: Jobs,
  { tests, cases, labelIds, imports, reports }: BulkTargets,
  requiredResultAttributes: (projectId: number, statusId: number, suiteId: number) => Promise<readonly string[]>,
  workers?: ChunkWorkers,
) {
  /** A bulk result must name every attribute its status requires in each suite of the selection, or nothing is applied (§4.11). */
  async function checkAttributes(projectId: number, operation: Extract<BulkOperation, { kind: 'result' }>, suiteIds: readonly number[]) {
    for (const suiteId of suiteIds) {
      const given = { ...operation.attributes, ...operation.suiteAttributes.find((suite) => suite.suiteId === suiteId)?.values };
      const missing = (await requiredResultAttributes(projectId, operation.status, suiteId)).filter(
        (name) => given[name] === undefined || given[name] === null || given[name] === '',
      );
      if (missing.length > 0) throw ValidationError.of('attributes', bulkMessages.requiredAttributes(missing, suiteId));
    }
  }

  const { run } = jobs;

  function applyOne(job: BulkJob, itemId: number, meta: CommandMeta) {
    const ref = { projectId: job.projectId, testId: itemId };
    const operation: Exclude<BulkOperation, { kind: 'report' }> = job.operation as Exclude<BulkOperation, { kind: 'report' }>;
    switch (operation.kind) {
      case 'import':
        return imports.create(job.projectId, operation, itemId, meta);
      case 'cases':
        return cases.bulkChange({ projectId: job.projectId, caseId: itemId, suiteId: operation.suiteId, labels: operation.labels }, meta);
      case 'assign':
        return tests.assign({ ...ref, assignee: operation.assignee }, meta);
      case 'move':
        return tests.move({ ...ref, planId: operation.planId }, meta);
      case 'delete':
        return tests.delete(ref, meta);
      case 'result':
        return tests.addResultToEveryStep(
          {
            ...ref,
            status: operation.status,
            comment: operation.comment,
            executionTime: null,
            attributes: operation.attributes,
            attachmentIds: operation.attachmentIds,
            isArchive: false,
            suiteAttributes: operation.suiteAttributes,
          },
          meta,
        );
    }
  }

  /** The chunk's items (and a result's cases) read in one go rather than one stream at a time. */
  function preload(job: BulkJob, itemIds: readonly number[]) {
    const { kind } = job.operation;
    // An import's cases are new: there is nothing to read first.
    if (kind === 'import') return Promise.resolve();
    return kind === 'cases' ? cases.preload(itemIds) : tests.preload(itemIds, { withCases: kind === 'result' });
  }

  /**
   * Decides every item of the chunk into one batch; the first item refused, in the job's order, if any. A report import's chunk
   * refuses nothing: it skips a test it cannot record and says why in `report`, what its mark carries.
   */
  async function decideChunk(job: BulkJob, from: number, itemIds: readonly number[], batch: CommandBatch, meta: CommandMeta) {
    if (job.operation.kind === 'report') {
      const report = await reports.decideChunk({ ...job, operation: job.operation }, from, itemIds, batch, meta);
      return { refused: null, report };
    }
    await preload(job, itemIds);
    const refused: Array<{ index: number; itemId: number; reason: string }> = [];
    // Requests get a turn between items now and then: a chunk of 500 decided at once would hold the event loop for tens of ms.
    const pause = timeSlices();
    await inParallel(itemIds.entries(), CHUNK_CONCURRENCY, async ([index, itemId]) => {
      await pause();
      try {
        await applyOne(job, itemId, { ...meta, batch });
      } catch (error) {
        if (!refusal(error)) throw error;
        refused.push({ index, itemId, reason: reasonOf(error as Error) });
      }
    });
    const first = refused.sort((a, b) => a.index - b.index)[0];
    return { refused: first ? { itemId: first.itemId, reason: first.reason } : null, report: undefined };
  }

  /**
   * Applies a chunk whole, or not at all when a test is refused. Its mark says
   * whether it was applied before; a mark written by another worker between
   * the look and the append fails the append, which then changes nothing.
   */
  async function applyChunk(chunk: BulkChunk, given: CommandMeta): Promise<ChunkOutcome> {
    const job = await jobs.job(chunk.ref);
    if (job?.status !== 'running') return { position: 0, refused: null };
    const meta = jobMeta(chunk.ref, given);
    const itemIds = job.itemIds.slice(chunk.from, chunk.from + job.chunkSize);
    const markStream = streams.bulkJobChunk(job.projectId, job.jobId, chunk.from);
    for (let attempt = 1; ; attempt++) {
      const earlier = await deps.store.readStream(markStream);
      if (earlier.length > 0) return { position: earlier[0]!.position, refused: null };
      const batch = new CommandBatch({ keepStates: job.operation.kind !== 'report' });
      const { refused, report } = await decideChunk(job, chunk.from, itemIds, batch, meta);
      if (refused) return { position: 0, refused };
      const applied: BulkJobChunkEvent = {
        type: 'BulkJobChunkApplied',
        data: { jobId: job.jobId, projectId: job.projectId, from: chunk.from, count: itemIds.length, ...(report ? { report } : {}) },
      };
      const mark: BatchMark = { stream: markStream, events: [applied], expected: 'no_stream' };
      try {
        return { position: await batch.commit(deps, [mark], meta), refused: null };
      } catch (error) {
        // The mark's stream exists now: the look above finds it. An item changed meanwhile: decide again.
        if (!(error instanceof WrongExpectedRevisionError) || (error.stream !== markStream && attempt >= CHUNK_ATTEMPTS)) throw error;
      }
    }
  }

  // Two chunks at once in this process too: one is decided while the other's append waits for its fsync.
  const here: ChunkWorkers = {
    apply: (chunk, actor) => applyChunk(chunk, newCommandMeta(actor, { tokenId: chunk.tokenId })),
    inFlight: 2,
  };
  // A chunk whose append is too large for the bus (an import of long cases) is applied here, where the job runs beside the log.
  const chunkWorkers: ChunkWorkers = workers
    ? {
        ...workers,
        apply: (chunk, actor) =>
          workers.apply(chunk, actor).catch((error: unknown) => {
            if (error instanceof AppendTooLargeError) return here.apply(chunk, actor);
            throw error;
          }),
      }
    : here;

  /**
   * Applies the job from where it stands to its end, or to the first item
   * refused: chunks go out `inFlight` at a time and progress is recorded in
   * order, so `done` always counts a prefix of the job's items. The position of its last event.
   */
  async function execute(ref: BulkJobRef, resumedBy: Actor): Promise<number> {
    const job = await jobs.job(ref);
    if (job?.status !== 'running') return 0;
    const { actor, tokenId } = runningAs(job, resumedBy);
    const meta = () => jobMeta(ref, newCommandMeta(actor, { tokenId }));
    const starts: number[] = [];
    for (let from = job.done; from < job.itemIds.length; from += job.chunkSize) starts.push(from);
    const pending = new Map<number, Promise<ChunkOutcome>>();
    let launched = 0;
    const launch = () => {
      for (; launched < starts.length && pending.size < chunkWorkers.inFlight; launched++) {
        const applying = chunkWorkers.apply({ ref, from: starts[launched]!, tokenId }, actor);
        // A chunk ahead of the one awaited may fail first: its fault is taken when its turn comes, not left unhandled (which ends the
        // process).
        applying.catch(() => undefined);
        pending.set(starts[launched]!, applying);
      }
    };
    // Chunks still out finish (or fail) before the job is told it failed, or stays to be resumed.
    const settle = () => Promise.allSettled(pending.values());
    try {
      for (const from of starts) {
        launch();
        const outcome = await pending.get(from)!;
        pending.delete(from);
        if (outcome.refused) {
          await settle();
          const { position } = await run(
            ref,
            { type: 'Fail', jobId: job.jobId, itemId: outcome.refused.itemId, reason: outcome.refused.reason },
            meta(),
          );
          await ended(job);
          return position;
        }
        await run(ref, { type: 'RecordProgress', jobId: job.jobId, done: Math.min(from + job.chunkSize, job.itemIds.length) }, meta());
      }
    } catch (error) {
      await settle();
      throw error;
    }
    const { position } = await run(ref, { type: 'Finish', jobId: job.jobId }, meta());
    await ended(job);
    return position;
  }

  /** What a job leaves behind once it ended: an import's staged file. Its loss only leaves bytes behind, so it is logged, not thrown. */
  async function ended(job: BulkJob) {
    const { operation } = job;
    if (operation.kind !== 'import' && operation.kind !== 'report') return;
    await (operation.kind === 'import' ? imports.discard(operation) : reports.discard(operation)).catch((error: unknown) =>
      console.error(`bulk job ${job.jobId}: its staged file could not be dropped`, error),
    );
  }

  /**
   * Runs a job in the background. A fault of the server (an item refused ends
   * the job instead) is logged and the job tried again from where it stands,
   * which its chunks' marks make harmless; a job must not sit half done until
   * the next start because of one failed write.
   */
  function inBackground(ref: BulkJobRef, actor: Actor, attempt = 1): void {
    execute(ref, actor).catch((error: unknown) => {
      console.error(`bulk job ${ref.jobId} stopped on a fault (attempt ${attempt} of ${BACKGROUND_ATTEMPTS})`, error);
      if (attempt < BACKGROUND_ATTEMPTS) setTimeout(() => inBackground(ref, actor, attempt + 1), RETRY_AFTER_MS * attempt).unref();
    });
  }

  /** The operation with its labels as ids: named ones the project lacks become labels, but not those to take off. */
  async function resolved(projectId: number, operation: Exclude<RequestedOperation, { kind: 'report' }>, meta: CommandMeta) {
    if (operation.kind === 'import') return imports.resolve(projectId, operation, meta);
    if (operation.kind !== 'cases') return operation;
    if (operation.labels === null) return { ...operation, labels: null };
    const { action, labels } = operation.labels;
    const ids = action === 'clear' ? [] : await labelIds(projectId, labels, meta, action !== 'delete');
    return { ...operation, labels: { action, labelIds: ids } };
  }

  /**
   * Records the job's request; a report import's with the claim of its run key in the same append, so that of two uploads of a
   * run at the same time one job takes it (the other is refused as a conflict and, asked again, answers that job).
   */
  async function requestJob(ref: BulkJobRef, request: BulkJobCommand, operation: BulkOperation, meta: CommandMeta) {
    const claim = operation.kind === 'report' ? reports.runClaim(ref.projectId, ref.jobId, operation) : null;
    if (!claim) return run(ref, request, jobMeta(ref, meta));
    const batch = new CommandBatch();
    await run(ref, request, { ...jobMeta(ref, meta), batch });
    try {
      return { position: await batch.commit(deps, [claim], jobMeta(ref, meta)) };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw new ConflictError(bulkMessages.running);
      throw error;
    }
  }

  return {
    /**
     * Accepts a job for the caller's selection (refused while another of theirs
     * runs in the project, or without the permission its change needs; `suiteIds`:
     * for a result, the suites of its tests' cases; `planId`: the plan all its
     * tests are in, if one) and applies it: to its end before answering with
     * `wait`, else in the background.
     */
    async request(
      input: {
        projectId: number;
        operation: RequestedOperation;
        itemIds: readonly number[];
        suiteIds: readonly number[];
        planId: number | null;
        wait: boolean;
      },
      meta: CommandMeta,
    ) {
      const userId = meta.actor.userId;
      if (userId === null) throw new PermissionDeniedError();
      requireProjectWrite(await deps.projectAccess(input.projectId, meta.actor), meta.actor, PERMISSION[input.operation.kind]);
      if (input.operation.kind === 'result') await checkAttributes(input.projectId, input.operation, input.suiteIds);
      // Asked again after it was made: its job, running or not (its command service, restarted, carries it on).
      const earlier = await jobs.earlierRequest({ projectId: input.projectId, userId }, meta);
      if (earlier) return { ...earlier, alreadyImported: false };
      // Refused before the labels or suites the job needs are made (the request itself refuses it again, under its stream's lock).
      if (await jobs.isRunning({ projectId: input.projectId, userId })) throw new ConflictError(bulkMessages.running);
      let operation: BulkOperation;
      if (input.operation.kind === 'report') {
        const report = await reports.resolve(input.projectId, input.operation, meta);
        if (report.operation === null) return { position: 0, jobId: report.earlierJobId, alreadyImported: true };
        operation = report.operation;
      } else operation = await resolved(input.projectId, input.operation, meta);
      const jobId = await deps.ids.next('bulk-job');
      const ref = { projectId: input.projectId, userId, jobId };
      // A chunk appends each item's events once: an item named twice would be refused as a conflict with itself.
      const itemIds = [...new Set(input.itemIds)];
      const request = {
        type: 'Request' as const,
        ...ref,
        operation,
        itemIds,
        chunkSize: chunkWorkers.chunkSize ?? chunkSizeFor(itemIds.length),
        background: !input.wait,
        planId: operation.kind === 'report' ? operation.planId : input.planId,
        token:
          meta.tokenId === undefined
            ? null
            : { tokenId: meta.tokenId, isSuperuser: meta.actor.isSuperuser, onlyProjectId: meta.actor.onlyProjectId ?? null },
      };
      const { position } = await requestJob(ref, request, operation, meta);
      if (input.wait) return { position: await execute(ref, meta.actor), jobId, alreadyImported: false };
      inBackground(ref, meta.actor);
      return { position, jobId, alreadyImported: false };
    },
    /** Carries on a job a stopped server left running, in the background. */
    async resume(input: BulkJobRef, meta: CommandMeta) {
      inBackground(input, meta.actor);
      return { position: 0, jobId: input.jobId };
    },
    applyChunk,
  };
}

/** Bulk jobs over tests and cases: requested, applied chunk by chunk, resumed after a crash. */
export const commands = commandUnit({
  resource: 'bulk-jobs',
  handlers: ({ kernel, ports }) =>
    bulkJobWorkflow(
      kernel,
      ports.bulkJobs,
      { tests: ports.tests, cases: ports.cases, labelIds: ports.caseLabelIds, imports: ports.caseImport, reports: ports.reportImport },
      ports.requiredResultAttributeNames,
      ports.chunkWorkers,
    ),
});

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** Who applies bulk jobs' chunks; given by whoever runs the command service (none: this process). */
    chunkWorkers: ChunkWorkers | undefined;
  }
  interface CommandUnits {
    'workflows/bulk-jobs': UnitOf<typeof commands>;
  }
}
