import type { BulkJobEvent, BulkOperation } from '@testament/contracts';

export type BulkJobStatus = 'running' | 'finished' | 'failed';

export interface BulkJob {
  jobId: number;
  projectId: number;
  userId: number;
  operation: BulkOperation;
  /** Its tests, or its cases for the `cases` operation. */
  itemIds: readonly number[];
  chunkSize: number;
  /** How many of `itemIds`, in order, are applied. */
  done: number;
  status: BulkJobStatus;
  /** The API token it was asked with, and what that token let its user do; null when it was asked in a session. */
  token: { tokenId: string; isSuperuser: boolean; onlyProjectId: number | null } | null;
}

/** A user's bulk jobs in one project, and the one running, if any. */
export interface BulkJobsState {
  jobs: ReadonlyMap<number, BulkJob>;
  running: number | null;
}

export const initialBulkJobsState: BulkJobsState = { jobs: new Map(), running: null };

export function evolveBulkJobs(state: BulkJobsState, event: BulkJobEvent): BulkJobsState {
  const jobs = new Map(state.jobs);
  const { jobId } = event.data;
  switch (event.type) {
    case 'BulkJobRequested': {
      const { projectId, userId, operation, itemIds, chunkSize, token } = event.data;
      jobs.set(jobId, { jobId, projectId, userId, operation, itemIds, chunkSize, done: 0, status: 'running', token });
      return { jobs, running: jobId };
    }
    case 'BulkJobProgressed':
      jobs.set(jobId, { ...jobs.get(jobId)!, done: event.data.done });
      return { jobs, running: state.running };
    case 'BulkJobFinished':
    case 'BulkJobFailed':
      jobs.set(jobId, { ...jobs.get(jobId)!, done: event.data.done, status: event.type === 'BulkJobFinished' ? 'finished' : 'failed' });
      return { jobs, running: state.running === jobId ? null : state.running };
  }
}
