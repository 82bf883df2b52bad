import type { ReadStore } from '@testament/infra';
import { findPage, type PageWindow } from '../paging.ts';
import { BULK_JOBS, type BulkJobDocument } from './bulk-jobs-projection.ts';

export type { BulkJobDocument } from './bulk-jobs-projection.ts';
export { reportSummaryOf } from './report-summary.ts';

/** A user's bulk jobs, the latest first. */
export function listBulkJobs(readStore: ReadStore, userId: number, page: PageWindow): Promise<{ items: BulkJobDocument[]; count: number }> {
  return findPage(readStore.collection<BulkJobDocument>(BULK_JOBS), { userId }, { requestedAt: -1, _id: -1 }, page);
}

export function findBulkJob(readStore: ReadStore, jobId: number): Promise<BulkJobDocument | null> {
  return readStore.collection<BulkJobDocument>(BULK_JOBS).findOne({ _id: jobId });
}

/** The jobs a stopped server left running. */
export function runningBulkJobs(readStore: ReadStore): Promise<BulkJobDocument[]> {
  return readStore.collection<BulkJobDocument>(BULK_JOBS).find({ status: 'running' });
}

/** The report import of the project that took this run key, if one. */
export function findReportRun(readStore: ReadStore, projectId: number, runKey: string): Promise<BulkJobDocument | null> {
  return readStore.collection<BulkJobDocument>(BULK_JOBS).findOne({ projectId, 'report.runKey': runKey });
}
