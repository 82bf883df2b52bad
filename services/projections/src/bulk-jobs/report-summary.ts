import type { ReportImportSummary } from '@testament/contracts';
import type { BulkJobDocument } from './bulk-jobs-projection.ts';

/** A report import's summary as the wire says it: in `bulk-jobs/{id}/`, an import's answer and its webhooks' payloads. */
export function reportSummaryOf(report: NonNullable<BulkJobDocument['report']>): ReportImportSummary {
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
