import { useObservable, useObservableState } from 'observable-hooks';
import { map, of, shareReplay, switchMap, type Observable } from 'rxjs';
import { fetchOnChange } from '../../api/fetch-on-change.ts';
import { changesOf, coalesced, topics } from '../../app/changes.ts';
import { useSignedInUser } from '../../shell/use-signed-in-user.ts';
import { bulkJobApi, type BulkJob } from './bulk-job-api.ts';

// A running job announces every chunk it applies: about one refetch a second is plenty.
const jobChanges = (userId: number) => coalesced(changesOf(topics.bulkJobs(userId)));

/**
 * One stream of the user's latest jobs for every component that shows them (the panel, the
 * screens whose bulk actions wait for a running job): one request per change, and one first
 * answer, which is what the panel counts as "before the page opened".
 */
const sharedJobs = new Map<number, Observable<BulkJob[]>>();
function jobsOf(userId: number): Observable<BulkJob[]> {
  let jobs = sharedJobs.get(userId);
  if (!jobs) {
    jobs = fetchOnChange(of(userId), jobChanges, () => bulkJobApi.recent()).pipe(
      map((fetched) => fetched.result),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    sharedJobs.set(userId, jobs);
  }
  return jobs;
}

/** The signed-in user's latest bulk jobs, kept live; null until the first answer. */
export function useBulkJobs(): BulkJob[] | null {
  const user = useSignedInUser();
  const jobs$ = useObservable((inputs$) => inputs$.pipe(switchMap(([userId]) => jobsOf(userId))), [user.id]);
  return useObservableState(jobs$, null);
}
