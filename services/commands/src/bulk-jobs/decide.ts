import {
  bulkMessages,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  type BulkJobEvent,
  type BulkOperation,
} from '@testament/contracts';
import type { Decider } from '../kernel/decider.ts';
import { evolveBulkJobs, initialBulkJobsState, type BulkJob, type BulkJobsState } from './evolve.ts';

export type BulkJobCommand =
  | {
      type: 'Request';
      jobId: number;
      projectId: number;
      userId: number;
      operation: BulkOperation;
      itemIds: readonly number[];
      chunkSize: number;
      background: boolean;
      planId: number | null;
      token: BulkJob['token'];
    }
  /** `done`: the items applied so far, in order; a mark at or below the recorded one changes nothing (a resumed job repeats it). */
  | { type: 'RecordProgress'; jobId: number; done: number }
  | { type: 'Finish'; jobId: number }
  | { type: 'Fail'; jobId: number; itemId: number | null; reason: string };

function runningJob(state: BulkJobsState, jobId: number): BulkJob | undefined {
  const job = state.jobs.get(jobId);
  if (!job) throw new NotFoundError();
  return job.status === 'running' ? job : undefined;
}

/**
 * The bulk jobs of one user in one project: at most one runs at a time; a job
 * moves forward chunk by chunk and ends once, finished or failed.
 */
export const bulkJobsDecider: Decider<BulkJobCommand, BulkJobsState, BulkJobEvent> = {
  initialState: initialBulkJobsState,
  evolve: evolveBulkJobs,
  decide(command, state, { actor }) {
    switch (command.type) {
      case 'Request': {
        if (actor.userId !== command.userId) throw new PermissionDeniedError();
        if (state.running !== null) throw new ConflictError(bulkMessages.running);
        const { jobId, projectId, userId, operation, itemIds, chunkSize, background, planId, token } = command;
        const data = { jobId, projectId, userId, operation, itemIds: [...itemIds], chunkSize, background, planId, token };
        return [{ type: 'BulkJobRequested', data }];
      }
      case 'RecordProgress': {
        const job = runningJob(state, command.jobId);
        if (!job || command.done <= job.done) return [];
        return [
          {
            type: 'BulkJobProgressed',
            data: { jobId: job.jobId, projectId: job.projectId, done: Math.min(command.done, job.itemIds.length) },
          },
        ];
      }
      case 'Finish': {
        const job = runningJob(state, command.jobId);
        return job ? [{ type: 'BulkJobFinished', data: { jobId: job.jobId, projectId: job.projectId, done: job.itemIds.length } }] : [];
      }
      case 'Fail': {
        const job = runningJob(state, command.jobId);
        return job
          ? [
              {
                type: 'BulkJobFailed',
                data: { jobId: job.jobId, projectId: job.projectId, done: job.done, itemId: command.itemId, reason: command.reason },
              },
            ]
          : [];
      }
    }
  },
};
