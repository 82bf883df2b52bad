import { NotFoundError, PermissionDeniedError, ValidationError, bulkMessages, type BulkOperation } from '@testament/contracts';
import type { bulkJobCommands, BulkJobRef } from '../bulk-jobs/handlers.ts';
import type { BulkJob } from '../bulk-jobs/evolve.ts';
import type { KernelDeps } from '../kernel/command-handler.ts';
import { newCommandMeta, type CommandMeta } from '../kernel/command-meta.ts';
import type { Actor } from '../kernel/decider.ts';
import { requireProjectWrite } from '../kernel/project-access.ts';
import type { testCommands } from '../tests/handlers.ts';

/** Tests applied between two progress marks. */
export const BULK_CHUNK = 500;

type Tests = ReturnType<typeof testCommands>;
type Jobs = ReturnType<typeof bulkJobCommands>;

/** The permission each test's change needs, checked once before a job is accepted. */
const PERMISSION: Record<BulkOperation['kind'], string> = { assign: 'change_test', move: 'change_test', delete: 'delete_test', result: 'add_testresult' };

/** A refusal of one test that ends the job with its reason; anything else is a fault of the server, and the job stays to be resumed. */
const refusal = (error: unknown) => error instanceof ValidationError || error instanceof NotFoundError || error instanceof PermissionDeniedError;

/**
 * Bulk jobs (§4.11): a job is accepted with its tests, then applied chunk by
 * chunk, each chunk's progress recorded after its tests. Every test is changed
 * by a command under the job's and the test's own idempotency key, so a chunk
 * repeated after a crash finds what it did before and changes nothing twice.
 * A chunk is checked whole before any of it is applied, so a test refused
 * (deleted meanwhile, its target plan gone) fails the job between chunks.
 */
export function bulkJobWorkflow(deps: Pick<KernelDeps, 'ids' | 'projectAccess'>, jobs: Jobs, tests: Tests, requiredResultAttributes: (projectId: number, statusId: number, suiteId: number) => Promise<readonly string[]>) {
  /** A bulk result must name every attribute its status requires in each suite of the selection, or nothing is applied (§4.11). */
  async function checkAttributes(projectId: number, operation: Extract<BulkOperation, { kind: 'result' }>, suiteIds: readonly number[]) {
    for (const suiteId of suiteIds) {
      const given = { ...operation.attributes, ...operation.suiteAttributes.find((suite) => suite.suiteId === suiteId)?.values };
      const missing = (await requiredResultAttributes(projectId, operation.status, suiteId)).filter((name) => given[name] === undefined || given[name] === null || given[name] === '');
      if (missing.length > 0) throw ValidationError.of('attributes', bulkMessages.requiredAttributes(missing, suiteId));
    }
  }

  const { run } = jobs;

  function applyOne(job: BulkJob, testId: number, actor: Actor, checkOnly = false) {
    const meta = { ...newCommandMeta(actor, { idempotencyKey: `bulk-job-${job.jobId}-test-${testId}` }), checkOnly };
    const ref = { projectId: job.projectId, testId };
    const operation: BulkOperation = job.operation;
    switch (operation.kind) {
      case 'assign':
        return tests.assign({ ...ref, assignee: operation.assignee }, meta);
      case 'move':
        return tests.move({ ...ref, planId: operation.planId }, meta);
      case 'delete':
        return tests.delete(ref, meta);
      case 'result':
        return tests.addResultToEveryStep(
          { ...ref, status: operation.status, comment: operation.comment, executionTime: null, attributes: operation.attributes, attachmentIds: operation.attachmentIds, isArchive: false, suiteAttributes: operation.suiteAttributes },
          meta,
        );
    }
  }

  /** Applies the job from where it stands to its end, or to the first test refused; the position of its last event. */
  async function execute(ref: BulkJobRef, actor: Actor): Promise<number> {
    const meta = () => newCommandMeta(actor);
    let job = await jobs.job(ref);
    if (!job || job.status !== 'running') return 0;
    for (let done = job.done; done < job.testIds.length; ) {
      const chunk = job.testIds.slice(done, done + job.chunkSize);
      for (const testId of chunk) {
        try {
          await applyOne(job, testId, actor, true);
        } catch (error) {
          if (!refusal(error)) throw error;
          return (await run(ref, { type: 'Fail', jobId: job.jobId, testId, reason: (error as Error).message }, meta())).position;
        }
      }
      for (const testId of chunk) await applyOne(job, testId, actor);
      done += chunk.length;
      const { state } = await run(ref, { type: 'RecordProgress', jobId: job.jobId, done }, meta());
      job = state.jobs.get(job.jobId)!;
    }
    return (await run(ref, { type: 'Finish', jobId: job.jobId }, meta())).position;
  }

  return {
    /**
     * Accepts a job for the caller's selection (refused while another of theirs
     * runs in the project, or without the permission its change needs; `suiteIds`:
     * the suites of its tests' cases; `planId`: the plan all its tests are in, if
     * one) and applies it: to its end before answering with `wait`, else in the background.
     */
    async request(input: { projectId: number; operation: BulkOperation; testIds: readonly number[]; suiteIds: readonly number[]; planId: number | null; wait: boolean }, meta: CommandMeta) {
      const userId = meta.actor.userId;
      if (userId === null) throw new PermissionDeniedError();
      requireProjectWrite(await deps.projectAccess(input.projectId, meta.actor), meta.actor, PERMISSION[input.operation.kind]);
      if (input.operation.kind === 'result') await checkAttributes(input.projectId, input.operation, input.suiteIds);
      const jobId = await deps.ids.next('bulk-job');
      const ref = { projectId: input.projectId, userId, jobId };
      const request = { type: 'Request' as const, ...ref, operation: input.operation, testIds: input.testIds, chunkSize: BULK_CHUNK, background: !input.wait, planId: input.planId };
      const { position } = await run(ref, request, meta);
      if (input.wait) return { position: await execute(ref, meta.actor), jobId };
      // A fault of the server leaves the job running; the next start resumes it.
      execute(ref, meta.actor).catch(() => undefined);
      return { position, jobId };
    },
    /** Carries on a job a stopped server left running. */
    async resume(input: BulkJobRef, meta: CommandMeta) {
      return { position: await execute(input, meta.actor), jobId: input.jobId };
    },
  };
}
