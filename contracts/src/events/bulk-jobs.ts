import { z } from 'zod';
import { attributeValues } from './suites.ts';
import { defineEvents, type EventsOf } from './catalog.ts';

const id = z.number().int().positive();

/**
 * What a bulk relabelling of cases does (§3.3 labels_action): `add` keeps a case's own labels, `update` and `clear` replace them, `delete`
 * takes the given ones off.
 */
export const LABELS_ACTIONS = ['add', 'update', 'delete', 'clear'] as const;

/** What a bulk job does to each selected item: a test (§4.11), a case for `cases` (§3.3), or a case to create for `import`. */
export const bulkOperationSchema = z.discriminatedUnion('kind', [
  /** The assignee as the access rules see them when the job is accepted; null unassigns. */
  z.object({ kind: z.literal('assign'), assignee: z.object({ userId: id, isSuperuser: z.boolean(), isExternal: z.boolean() }).nullable() }),
  z.object({ kind: z.literal('move'), planId: id }),
  z.object({ kind: z.literal('delete') }),
  z.object({
    kind: z.literal('result'),
    status: id,
    comment: z.string(),
    attachmentIds: z.array(id),
    /** The attributes every result gets, then those of the test's suite over them. */
    attributes: attributeValues,
    suiteAttributes: z.array(z.object({ suiteId: id, values: attributeValues })),
  }),
  /**
   * Each case moved to `suiteId` and/or relabelled, as a new version; labels by id, those named by name resolved when the job was accepted.
   */
  z.object({
    kind: z.literal('cases'),
    suiteId: id.nullable(),
    labels: z.object({ action: z.enum(LABELS_ACTIONS), labelIds: z.array(id) }).nullable(),
  }),
  /**
   * Cases created from an export file (`import/zephyr/`): its cases wait in the BlobStore under `stagedKey`
   * and the items are their places in it (1-based); its folders became suites and its label names labels
   * when the job was accepted, so each case only looks its own up here.
   */
  z.object({
    kind: z.literal('import'),
    source: z.literal('zephyr'),
    stagedKey: z.string().min(1),
    suites: z.array(z.object({ path: z.array(z.string()), suiteId: id })),
    labels: z.array(z.object({ name: z.string(), labelId: id })),
  }),
  /**
   * The tests of a test report (`import/junit/`, `import/allure/`) recorded in a plan: they wait in the BlobStore in pages of
   * `pageSize` under `stagedKey`, and the items are their places (1-based). Its suites were found or made, its plan found or made
   * and its run key claimed when the job was accepted; each chunk finds or makes its tests' cases and tests, then adds the results.
   */
  z.object({
    kind: z.literal('report'),
    source: z.enum(['junit', 'allure']),
    stagedKey: z.string().min(1),
    pageSize: id,
    pages: z.number().int().nonnegative(),
    planId: id,
    runKey: z.string().nullable(),
    /** The status each outcome gets (the project's import statuses when the job was accepted). */
    statuses: z.object({ passed: id, failed: id, error: id, skipped: id }),
    suites: z.array(z.object({ path: z.array(z.string()), suiteId: id })),
  }),
]);
export type BulkOperation = z.output<typeof bulkOperationSchema>;

const jobRef = { jobId: id, projectId: id };

const tally = z.number().int().nonnegative();

/** A test of a report that added nothing: where it is and why. */
export const skippedReportItem = z.object({ file: z.string(), line: tally, name: z.string(), reason: z.string() });
export type SkippedReportItem = z.output<typeof skippedReportItem>;

/** What one chunk of a report import did; a job's summary adds its chunks' up. `skipped` lists at most SKIPPED_LISTED of them. */
export const reportChunkSummary = z.object({
  casesCreated: tally,
  testsCreated: tally,
  /** Results added, by status id. */
  results: z.record(z.string(), tally),
  outcomes: z.object({ passed: tally, failed: tally, error: tally, skipped: tally }),
  skippedCount: tally,
  skipped: z.array(skippedReportItem),
});
export type ReportChunkSummary = z.output<typeof reportChunkSummary>;

/** A report import's summary before anything was done: what each chunk's, and the job's, start from. */
export const emptyReportSummary = (): ReportChunkSummary => ({
  casesCreated: 0,
  testsCreated: 0,
  results: {},
  outcomes: { passed: 0, failed: 0, error: 0, skipped: 0 },
  skippedCount: 0,
  skipped: [],
});

/** Version 1 named the items `testId(s)`: every job then changed tests. */
const itemsRenamed =
  (from: 'testIds' | 'testId', to: 'itemIds' | 'itemId') =>
  (data: unknown): unknown => {
    const { [from]: items, ...rest } = data as Record<string, unknown>;
    return { ...rest, [to]: items };
  };

/**
 * A user's bulk jobs in a project live in one stream, so a job running there
 * refuses another. A job names its items (tests, or cases) when it is accepted
 * (the selection resolved once) and records its progress as it applies them in chunks.
 */
export const bulkJobEvents = defineEvents({
  BulkJobRequested: {
    version: 2,
    audit: {
      fieldsAfter: (data) => ({ operation: data.operation, items: (data.itemIds as unknown[]).length, done: 0, userId: data.userId }),
    },
    upcasters: { 1: itemsRenamed('testIds', 'itemIds') },
    schema: z.object({
      ...jobRef,
      userId: id,
      operation: bulkOperationSchema,
      /** The tests it changes, or the cases for the `cases` operation, in the order it applies them. */
      itemIds: z.array(id),
      chunkSize: id,
      /** The request was answered before the job ran, so its end is told by a notification (§4.11). */
      background: z.boolean().default(false),
      /** The plan all its tests were in when it was accepted, if one: where that notification links. */
      planId: id.nullable().default(null),
      /**
       * The API token it was asked with, if one, and what that token let its user do: the job runs so, whoever resumes it
       * after a restart, and its events name the token.
       */
      token: z.object({ tokenId: z.string(), isSuperuser: z.boolean(), onlyProjectId: id.nullable() }).nullable().default(null),
    }),
  },
  /** `done`: how many of the job's items (in their order) have been applied. */
  BulkJobProgressed: { version: 1, audit: { action: 'other' }, schema: z.object({ ...jobRef, done: z.number().int().nonnegative() }) },
  BulkJobFinished: { version: 1, schema: z.object({ ...jobRef, done: z.number().int().nonnegative() }) },
  /** Stopped at an item it could not apply: the chunk before it is the last one applied. */
  BulkJobFailed: {
    version: 2,
    upcasters: { 1: itemsRenamed('testId', 'itemId') },
    schema: z.object({ ...jobRef, done: z.number().int().nonnegative(), itemId: id.nullable(), reason: z.string() }),
  },
});
export type BulkJobEvent = EventsOf<typeof bulkJobEvents>;

/**
 * A chunk's mark, appended with `no_stream` to a stream of its own in the same
 * atomic append as the chunk's changes to its items: the chunk is applied once
 * or not at all, however often it is tried (after a crash, by two workers).
 */
export const bulkJobChunkEvents = defineEvents({
  BulkJobChunkApplied: {
    version: 1,
    audit: { action: 'other' },
    schema: z.object({
      ...jobRef,
      from: z.number().int().nonnegative(),
      count: id,
      /** What a report import's chunk did: absent for every other job. */
      report: reportChunkSummary.optional(),
    }),
  },
});
export type BulkJobChunkEvent = EventsOf<typeof bulkJobChunkEvents>;
