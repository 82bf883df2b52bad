import type { BulkJob } from './bulk-job-api.ts';

/**
 * The jobs the panel shows, until dismissed: those running, those seen running
 * here, and those new since the page first asked (a short job may end before
 * the page sees it run). A job that had ended before the page opened is left
 * to its notification.
 */
export function shownJobs(
  jobs: readonly BulkJob[],
  seen: { running: ReadonlySet<number>; atStart: ReadonlySet<number> },
  dismissed: ReadonlySet<number>,
): BulkJob[] {
  return jobs.filter(
    (job) => !dismissed.has(job.id) && (job.status === 'running' || seen.running.has(job.id) || !seen.atStart.has(job.id)),
  );
}

/** What a job's counts count: cases for a job on cases, else tests. */
export const jobItems = (job: Pick<BulkJob, 'operation'>): 'tests' | 'cases' => (job.operation === 'cases' ? 'cases' : 'tests');

export interface JobPace {
  /** Items (tests or cases) a second. */
  rate: number;
  secondsLeft: number;
}

/** How fast a job goes, and so how long the rest takes, from its request to its last progress; unknown before its first chunk. */
export function jobPace(job: Pick<BulkJob, 'requested_at' | 'updated_at' | 'done' | 'total'>): JobPace | null {
  const seconds = (Date.parse(job.updated_at) - Date.parse(job.requested_at)) / 1000;
  if (job.done === 0 || seconds <= 0) return null;
  const rate = job.done / seconds;
  return { rate, secondsLeft: (job.total - job.done) / rate };
}
