import type { BulkJob, Paginated } from '@testament/contracts';
import { map, type Observable } from 'rxjs';
import { apiPath } from '../../api/paths.ts';
import { api } from '../../app/services.ts';

export type { BulkJob } from '@testament/contracts';

/** The latest jobs are enough: a user runs at most one job per project at a time. */
const RECENT_JOBS = 20;

export const bulkJobApi = {
  /** The signed-in user's latest jobs, the latest first. */
  recent: (): Observable<BulkJob[]> => api.get<Paginated<BulkJob>>(apiPath('bulk-jobs/'), { query: { page: 1, page_size: RECENT_JOBS } }).pipe(map((page) => page.results)),
};
