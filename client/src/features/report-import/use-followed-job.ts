import { useEffect, useRef } from 'react';
import { NEVER, of } from 'rxjs';
import { announceChange, changesOf, coalesced, topics } from '../../app/changes.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { useSignedInUser } from '../../shell/use-signed-in-user.ts';
import { reportImportApi, type BulkJob } from './report-import-api.ts';

/**
 * The import's job as it runs: asked for again at each notice of the user's jobs (about once a second at most, as the
 * jobs' panel does), until it ends. A job that had ended when it was answered is not asked for, nor is the earlier job of
 * a run imported before (it may be someone else's). Once the job ended, the plan's tests and the suites are told to
 * refetch now rather than at their next live notice.
 */
export function useFollowedJob(started: BulkJob, follow: boolean): BulkJob {
  const user = useSignedInUser();
  const running = follow && started.status === 'running';
  const followed = useLiveQuery(
    { id: started.id, running },
    (query) => (query.running ? coalesced(changesOf(topics.bulkJobs(user.id))) : NEVER),
    (query) => (query.running ? reportImportApi.job(query.id) : of(started)),
  ).data;
  const job = followed?.id === started.id ? followed : started;
  const told = useRef(false);
  useEffect(() => {
    if (job.status === 'running' || told.current || !follow) return;
    told.current = true;
    announceChange(topics.plans(job.project), topics.suites(job.project));
  }, [job.status, job.project, follow]);
  return job;
}
