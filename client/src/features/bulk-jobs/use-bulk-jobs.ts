import { changesOf, coalesced, topics } from '../../app/changes.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { useSignedInUser } from '../../shell/use-signed-in-user.ts';
import { bulkJobApi, type BulkJob } from './bulk-job-api.ts';

// A running job announces every chunk it applies: about one refetch a second is plenty.
const jobChanges = (userId: number) => coalesced(changesOf(topics.bulkJobs(userId)));
const recentJobs = () => bulkJobApi.recent();

/** The signed-in user's latest bulk jobs, kept live; null until the first answer. */
export function useBulkJobs(): BulkJob[] | null {
  const user = useSignedInUser();
  return useLiveQuery(user.id, jobChanges, recentJobs).data;
}
