import type { BulkJob } from '@testament/contracts';
import { reportSummaryOf, type BulkJobDocument } from '@testament/projections/bulk-jobs/queries';

/** A bulk job as `bulk-jobs/` shows it, and as an import answers. */
export const jobRepresentation = (job: BulkJobDocument): BulkJob => ({
  id: job._id,
  project: job.projectId,
  operation: job.kind,
  status: job.status,
  total: job.total,
  done: job.done,
  failed_item: job.failedItemId,
  reason: job.reason,
  requested_at: job.requestedAt,
  updated_at: job.updatedAt,
  ended_at: job.endedAt,
  summary: job.report ? reportSummaryOf(job.report) : null,
});
