import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';

const id = z.number().int().positive();
const place = z.number().int().positive();

/** A test of a report as a chunk of its import prepared it: its case and test (found or made) and its files, or why it was skipped. */
export const preparedReportItem = z.object({
  place,
  caseId: id.nullable(),
  testId: id.nullable(),
  attachmentIds: z.array(id),
  caseCreated: z.boolean(),
  testCreated: z.boolean(),
  /** Why it adds nothing; null when it gets a result. */
  skipped: z.string().nullable(),
});
export type PreparedReportItem = z.output<typeof preparedReportItem>;

/**
 * Claims a report import writes in the same append as what they guard, so that a retried chunk, a resumed job or
 * another import running at the same time finds what was made instead of making it twice: a run key's job, the cases
 * made for tests' keys and the tests made for cases in a plan (each in one of a few shards, appended at the revision
 * read, so one event claims a chunk's worth), and a chunk's prepared items.
 */
export const reportImportEvents = defineEvents({
  ReportRunClaimed: {
    version: 1,
    audit: { action: 'other' },
    schema: z.object({ projectId: id, runKey: z.string().min(1), jobId: id }),
  },
  ReportCasesClaimed: {
    version: 1,
    audit: { action: 'other' },
    schema: z.object({ projectId: id, jobId: id, cases: z.array(z.object({ key: z.string().min(1), caseId: id })) }),
  },
  ReportTestsClaimed: {
    version: 1,
    audit: { action: 'other' },
    schema: z.object({ projectId: id, planId: id, jobId: id, tests: z.array(z.object({ caseId: id, testId: id })) }),
  },
  ReportChunkPrepared: {
    version: 1,
    audit: { action: 'other' },
    schema: z.object({ projectId: id, jobId: id, from: z.number().int().nonnegative(), items: z.array(preparedReportItem) }),
  },
});
export type ReportImportEvent = EventsOf<typeof reportImportEvents>;
