import { useTranslation } from 'react-i18next';
import { useBulkJobs } from './use-bulk-jobs.ts';

/** True while the signed-in user has a job running in the project: other bulk actions wait for it there (§4.11). */
export function useRunningBulkJob(projectId: number): boolean {
  const jobs = useBulkJobs();
  return jobs?.some((job) => job.project === projectId && job.status === 'running') ?? false;
}

/** A bulk action button's props: disabled while the user's job runs in the project (the server would refuse it), saying why. */
export function useBulkActionWait(projectId: number) {
  const { t } = useTranslation();
  const running = useRunningBulkJob(projectId);
  return {
    disabled: running,
    tooltip: running ? t('bulkJobs.jobRunning') : undefined,
    tooltipOptions: { showOnDisabled: true, position: 'bottom' as const },
  };
}
