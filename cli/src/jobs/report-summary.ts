import type { ReportImportSummary } from '@testament/contracts';
import type { ApiClient } from '../http/client.ts';
import { operations } from '../http/operations.ts';
import { counted } from '../text.ts';

/** The project's status names by id, to say results by name; empty when they cannot be read (a token without `read`). */
export async function statusNamesOf(client: ApiClient, project: number): Promise<Map<number, string>> {
  try {
    const statuses = await client.call(operations.statuses, { query: { project } });
    return new Map(statuses.map((status) => [status.id, status.name]));
  } catch {
    return new Map();
  }
}

/** What a report import did, as lines for a CI log: what it made, each outcome, the results by status, and what it left out. */
export function describeReportSummary(summary: ReportImportSummary, statusNames: ReadonlyMap<number, string>, planUrl: string): string[] {
  const { outcomes } = summary;
  const results = summary.results.map((result) => `${statusNames.get(result.status) ?? `status ${result.status}`} ${result.count}`);
  const lines = [
    `Plan ${summary.plan}${summary.run_key === null ? '' : `, run ${summary.run_key}`}: ${planUrl}`,
    `  cases created: ${summary.cases_created}, tests created: ${summary.tests_created}`,
    `  outcomes: ${outcomes.passed} passed, ${outcomes.failed} failed, ${outcomes.error} error, ${outcomes.skipped} skipped`,
    `  results by status: ${results.length > 0 ? results.join(', ') : 'none'}`,
  ];
  if (summary.skipped > 0) {
    lines.push(`  ${counted(summary.skipped, 'test')} of the report recorded nothing:`);
    for (const test of summary.skipped_tests) lines.push(`    ${test.file}:${test.line} ${test.name}: ${test.reason}`);
    const unlisted = summary.skipped - summary.skipped_tests.length;
    if (unlisted > 0) lines.push(`    …and ${unlisted} more`);
  }
  return lines;
}
