import type { BulkJob } from '@testament/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiClient } from '../http/client.ts';
import { operations } from '../http/operations.ts';
import { jobProgress } from './progress.ts';

export const DEFAULT_POLL_MS = 500;

/** Polls `bulk-jobs/{id}/` until the job is no longer running, showing its progress; answers the job as it ended. */
export async function followJob(client: ApiClient, job: BulkJob, options: { json?: boolean; intervalMs?: number }): Promise<BulkJob> {
  const progress = jobProgress(options.json);
  let current = job;
  try {
    progress.show(current);
    while (current.status === 'running') {
      await sleep(options.intervalMs ?? DEFAULT_POLL_MS);
      current = await client.call(operations.bulkJob, { params: { id: current.id } });
      progress.show(current);
    }
  } finally {
    progress.end();
  }
  return current;
}

/** One line on how the job ended. */
export function describeJob(job: BulkJob): string {
  const head = `Job ${job.id} (${job.operation}, project ${job.project}) ${job.status}: ${job.done} of ${job.total} done`;
  if (job.status !== 'failed') return `${head}.`;
  const where = job.failed_item === null ? '' : ` at item ${job.failed_item}`;
  return `${head}; it failed${where}: ${job.reason ?? 'no reason given'}`;
}
