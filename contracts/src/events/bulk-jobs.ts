import { z } from 'zod';
import { attributeValues } from './suites.ts';
import { defineEvents, type EventsOf } from './catalog.ts';

const id = z.number().int().positive();

/** What a bulk job does to each selected test (§4.11). */
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
]);
export type BulkOperation = z.output<typeof bulkOperationSchema>;

const jobRef = { jobId: id, projectId: id };

/**
 * A user's bulk jobs in a project live in one stream, so a job running there
 * refuses another. A job names its tests when it is accepted (the selection
 * resolved once) and records its progress as it applies them in chunks.
 */
export const bulkJobEvents = defineEvents({
  BulkJobRequested: {
    version: 1,
    schema: z.object({
      ...jobRef,
      userId: id,
      operation: bulkOperationSchema,
      testIds: z.array(id),
      chunkSize: id,
      /** The request was answered before the job ran, so its end is told by a notification (§4.11). */
      background: z.boolean().default(false),
      /** The plan all its tests were in when it was accepted, if one: where that notification links. */
      planId: id.nullable().default(null),
    }),
  },
  /** `done`: how many of the job's tests (in their order) have been applied. */
  BulkJobProgressed: { version: 1, schema: z.object({ ...jobRef, done: z.number().int().nonnegative() }) },
  BulkJobFinished: { version: 1, schema: z.object({ ...jobRef, done: z.number().int().nonnegative() }) },
  /** Stopped at a test it could not apply: the chunk before it is the last one applied. */
  BulkJobFailed: { version: 1, schema: z.object({ ...jobRef, done: z.number().int().nonnegative(), testId: id.nullable(), reason: z.string() }) },
});
export type BulkJobEvent = EventsOf<typeof bulkJobEvents>;

/**
 * A chunk's mark, appended with `no_stream` to a stream of its own in the same
 * atomic append as the chunk's changes to its tests: the chunk is applied once
 * or not at all, however often it is tried (after a crash, by two workers).
 */
export const bulkJobChunkEvents = defineEvents({
  BulkJobChunkApplied: { version: 1, schema: z.object({ ...jobRef, from: z.number().int().nonnegative(), count: id }) },
});
export type BulkJobChunkEvent = EventsOf<typeof bulkJobChunkEvents>;
