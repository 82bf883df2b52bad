const BULK_JOB = 'bulk-job-';

/**
 * Correlation ids that name what their events belong to. Every event of a bulk job (its request, each
 * chunk's items and mark, its progress and its end) carries its job's, so the audit trail shows a job
 * as one group however many items it changed. Any other correlation id is a request's own UUID.
 */
export const correlations = {
  bulkJob: (projectId: number, jobId: number) => `${BULK_JOB}${projectId}-${jobId}`,
  isBulkJob: (correlationId: string) => correlationId.startsWith(BULK_JOB),
};
