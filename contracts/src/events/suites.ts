import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';

const suiteId = z.number().int().positive();
/** Custom attribute values keyed by the attribute's name (§4.17). */
export const attributeValues = z.record(z.string(), z.unknown());

/**
 * A project's suites, all in one stream (`suites-project-<id>`): a move must
 * see the whole tree to refuse a cycle, and a delete the whole subtree it takes.
 * Deletes, recoveries and removals name every suite of the subtree they touch,
 * so a fold never has to work the subtree out again.
 */
export const suiteEvents = defineEvents({
  SuiteCreated: {
    version: 1,
    schema: z.object({
      id: suiteId,
      projectId: suiteId,
      parentId: suiteId.nullable(),
      name: z.string().min(1),
      description: z.string(),
      attributes: attributeValues,
      /** Files of the suite (absent in events written before suites had files). */
      attachmentIds: z.array(suiteId).optional(),
    }),
  },
  SuiteChanged: {
    version: 1,
    schema: z.object({
      id: suiteId,
      name: z.string().min(1).optional(),
      description: z.string().optional(),
      attributes: attributeValues.optional(),
      attachmentIds: z.array(suiteId).optional(),
    }),
  },
  SuiteMoved: { version: 1, schema: z.object({ id: suiteId, parentId: suiteId.nullable() }) },
  /** Soft delete of the suite and its subtree (`suiteIds`, the suite first). */
  SuiteDeleted: { version: 1, schema: z.object({ id: suiteId, suiteIds: z.array(suiteId).min(1) }) },
  /** Out of the trash with the subtree deleted with it. */
  SuiteRecovered: { version: 1, schema: z.object({ id: suiteId, suiteIds: z.array(suiteId).min(1) }) },
  /** Gone for good, from the trash. */
  SuiteRemoved: { version: 1, schema: z.object({ id: suiteId, suiteIds: z.array(suiteId).min(1) }) },
});
export type SuiteEvent = EventsOf<typeof suiteEvents>;
