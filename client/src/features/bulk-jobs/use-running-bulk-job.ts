import { useBulkJobs } from './use-bulk-jobs.ts';

/** True while the signed-in user has a job running in the project: other bulk actions wait for it there (§4.11). */
export function useRunningBulkJob(projectId: number): boolean {
  const jobs = useBulkJobs();
  return jobs?.some((job) => job.project === projectId && job.status === 'running') ?? false;
}
