import { streams } from '@testament/contracts';
import { handleCommand, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { bulkJobsDecider, type BulkJobCommand } from './decide.ts';
import type { BulkJob } from './evolve.ts';

/** A job of a user's in a project. */
export interface BulkJobRef {
  projectId: number;
  userId: number;
  jobId: number;
}

/** The stream of a user's bulk jobs in a project: its decisions, and a job as it stands. */
export function bulkJobCommands(deps: KernelDeps) {
  const streamOf = (ref: Pick<BulkJobRef, 'projectId' | 'userId'>) => streams.bulkJobs(ref.projectId, ref.userId);
  return {
    run: (ref: Pick<BulkJobRef, 'projectId' | 'userId'>, command: BulkJobCommand, meta: CommandMeta) =>
      handleCommand(deps, bulkJobsDecider, streamOf(ref), command, meta),
    /** Whether a job of the user's runs in the project now. */
    async isRunning(ref: Pick<BulkJobRef, 'projectId' | 'userId'>): Promise<boolean> {
      return (await deps.aggregates.load(streamOf(ref), bulkJobsDecider)).state.running !== null;
    },
    /**
     * The job an earlier run of this very command requested (one retried under its idempotency key, or sent again after its command
     * service died): its id and the request's position.
     */
    async earlierRequest(
      ref: Pick<BulkJobRef, 'projectId' | 'userId'>,
      meta: CommandMeta,
    ): Promise<{ jobId: number; position: number } | undefined> {
      if (!meta.idempotent) return undefined;
      const requested = (await deps.store.readStream(streamOf(ref))).find(
        (event) => event.type === 'BulkJobRequested' && event.metadata.commandId === meta.commandId,
      );
      return requested && { jobId: (requested.data as { jobId: number }).jobId, position: requested.position };
    },
    async job(ref: BulkJobRef): Promise<BulkJob | undefined> {
      return (await deps.aggregates.load(streamOf(ref), bulkJobsDecider)).state.jobs.get(ref.jobId);
    },
  };
}
