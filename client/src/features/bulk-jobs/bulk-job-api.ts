import { bulkJobRoutes, type BulkJob } from '@testament/contracts';
import { map, type Observable } from 'rxjs';
import { api } from '../../app/services.ts';

export type { BulkJob } from '@testament/contracts';

/** The latest jobs are enough: a user runs at most one job per project at a time. */
const RECENT_JOBS = 20;

const bulkJobs = api.endpoints(bulkJobRoutes);

export const bulkJobApi = {
  /** The signed-in user's latest jobs, the latest first. */
  recent: (): Observable<BulkJob[]> => bulkJobs.list({ query: { page: 1, page_size: RECENT_JOBS } }).pipe(map((page) => page.results)),
};
