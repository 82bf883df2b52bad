import { topics, type BulkJobEvent, type BulkOperation } from '@testament/contracts';
import { projection } from '../runner/projection.ts';

export const BULK_JOBS = 'bulk_jobs';

export type BulkJobStatus = 'running' | 'finished' | 'failed';

/** `bulk_jobs`: one document per bulk job — what it does, to how many tests or cases, how far it got and how it ended. */
export interface BulkJobDocument {
  [key: string]: unknown;
  _id: number;
  projectId: number;
  userId: number;
  kind: BulkOperation['kind'];
  total: number;
  done: number;
  /** Answered before it ran: its end is told by a notification. */
  background: boolean;
  /** The plan all its tests were in, if one. */
  planId: number | null;
  status: BulkJobStatus;
  /** The test (the case, for `cases`) that was refused, and why, when it failed. */
  failedItemId: number | null;
  reason: string | null;
  requestedAt: string;
  updatedAt: string;
  endedAt: string | null;
}

export const bulkJobsProjection = projection<BulkJobEvent>({
  name: 'bulk-jobs',
  source: import.meta.url,
  collections: {
    [BULK_JOBS]: { indexes: [{ keys: { userId: 1, requestedAt: -1, _id: -1 } }, { keys: { status: 1, _id: 1 } }] },
  },
  handles: new Set(['BulkJobRequested', 'BulkJobProgressed', 'BulkJobFinished', 'BulkJobFailed']),
  keys: (event) => [[BULK_JOBS, event.data.jobId]],
  apply(event, view) {
    const time = event.metadata.time;
    const { jobId } = event.data;
    if (event.type === 'BulkJobRequested') {
      const { projectId, userId, operation, itemIds, background, planId } = event.data;
      const job: BulkJobDocument = {
        _id: jobId,
        projectId,
        userId,
        kind: operation.kind,
        total: itemIds.length,
        done: 0,
        background,
        planId,
        status: 'running',
        failedItemId: null,
        reason: null,
        requestedAt: time,
        updatedAt: time,
        endedAt: null,
      };
      view.put(BULK_JOBS, job);
      view.notify(topics.bulkJobs(userId));
      return;
    }
    const job = view.get<BulkJobDocument>(BULK_JOBS, jobId);
    if (!job) return;
    const ended =
      event.type === 'BulkJobProgressed'
        ? {}
        : { status: event.type === 'BulkJobFinished' ? ('finished' as const) : ('failed' as const), endedAt: time };
    const failure = event.type === 'BulkJobFailed' ? { failedItemId: event.data.itemId, reason: event.data.reason } : {};
    view.put(BULK_JOBS, { ...job, done: event.data.done, updatedAt: time, ...ended, ...failure });
    view.notify(topics.bulkJobs(job.userId));
  },
});
