import type { BulkJob, ReportImportSummary } from '@testament/contracts';
import type { BulkJobDocument } from '@testament/projections/bulk-jobs/queries';

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
  summary: job.report ? reportSummary(job.report) : null,
});

/** A report import's summary as the wire says it; jobs folded before summaries existed have none. */
function reportSummary(report: NonNullable<BulkJobDocument['report']>): ReportImportSummary {
  return {
    plan: report.planId,
    run_key: report.runKey,
    cases_created: report.casesCreated,
    tests_created: report.testsCreated,
    results: Object.entries(report.results)
      .map(([status, count]) => ({ status: Number(status), count }))
      .sort((a, b) => a.status - b.status),
    outcomes: report.outcomes,
    skipped: report.skippedCount,
    skipped_tests: [...report.skipped].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line),
  };
}
