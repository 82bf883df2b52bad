import {
  SKIPPED_LISTED,
  emptyReportSummary,
  topics,
  type BulkJobChunkEvent,
  type BulkJobEvent,
  type BulkOperation,
  type ReportChunkSummary,
} from '@testament/contracts';
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
  /** A report import's plan, run key and what its chunks did so far; null for every other job. */
  report: ({ planId: number; runKey: string | null } & ReportChunkSummary) | null;
}

/** A chunk's summary added to the job's: counts add up, and the tests skipped are listed up to SKIPPED_LISTED. */
function withChunk(job: NonNullable<BulkJobDocument['report']>, chunk: ReportChunkSummary): NonNullable<BulkJobDocument['report']> {
  const results = { ...job.results };
  for (const [status, count] of Object.entries(chunk.results)) results[status] = (results[status] ?? 0) + count;
  const outcomes = { ...job.outcomes };
  for (const outcome of Object.keys(outcomes) as Array<keyof typeof outcomes>) outcomes[outcome] += chunk.outcomes[outcome];
  return {
    ...job,
    casesCreated: job.casesCreated + chunk.casesCreated,
    testsCreated: job.testsCreated + chunk.testsCreated,
    results,
    outcomes,
    skippedCount: job.skippedCount + chunk.skippedCount,
    skipped: [...job.skipped, ...chunk.skipped].slice(0, SKIPPED_LISTED),
  };
}

export const bulkJobsProjection = projection<BulkJobEvent | BulkJobChunkEvent>({
  name: 'bulk-jobs',
  source: import.meta.url,
  collections: {
    [BULK_JOBS]: {
      indexes: [
        { keys: { userId: 1, requestedAt: -1, _id: -1 } },
        { keys: { status: 1, _id: 1 } },
        // A report import's run key, asked for by every upload that names one.
        { keys: { projectId: 1, 'report.runKey': 1 } },
      ],
    },
  },
  handles: new Set(['BulkJobRequested', 'BulkJobProgressed', 'BulkJobFinished', 'BulkJobFailed', 'BulkJobChunkApplied']),
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
        report: operation.kind === 'report' ? { planId: operation.planId, runKey: operation.runKey, ...emptyReportSummary() } : null,
      };
      view.put(BULK_JOBS, job);
      view.notify(topics.bulkJobs(userId));
      return;
    }
    const job = view.get<BulkJobDocument>(BULK_JOBS, jobId);
    if (!job) return;
    if (event.type === 'BulkJobChunkApplied') {
      // Only a report import's chunks say what they did; its progress comes with BulkJobProgressed, in order.
      if (!event.data.report || !job.report) return;
      view.put(BULK_JOBS, { ...job, report: withChunk(job.report, event.data.report), updatedAt: time });
      return;
    }
    const ended =
      event.type === 'BulkJobProgressed'
        ? {}
        : { status: event.type === 'BulkJobFinished' ? ('finished' as const) : ('failed' as const), endedAt: time };
    const failure = event.type === 'BulkJobFailed' ? { failedItemId: event.data.itemId, reason: event.data.reason } : {};
    view.put(BULK_JOBS, { ...job, done: event.data.done, updatedAt: time, ...ended, ...failure });
    view.notify(topics.bulkJobs(job.userId));
  },
});
