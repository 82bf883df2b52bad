import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';
import { attributeValues } from './suites.ts';

const id = z.number().int().positive();
const ids = z.array(id);
const time = z.string();

/** What a plan holds besides its place in the tree (§3.4). */
export const planFieldsSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  startedAt: time,
  dueDate: time,
  finishedAt: time.nullable(),
  attributes: attributeValues,
  attachmentIds: ids,
});
export type PlanFields = z.output<typeof planFieldsSchema>;

/**
 * A project's plans, all in one stream (`plans-project-<id>`), like its suites:
 * a move must see the whole tree to refuse a cycle, and an archive or delete
 * the subtree it takes. Archives, deletes, recoveries and removals name every
 * plan of the subtree they touch (`planIds`, the plan first), so folds never
 * work the subtree out again. The tests of those plans follow in their own
 * streams, caused by these events (workflows/plan-tests.ts).
 */
export const planEvents = defineEvents({
  /** A parametrised create writes one of these per combination of parameter values (§4.18). */
  PlanCreated: {
    version: 1,
    schema: planFieldsSchema.extend({ id, projectId: id, parentId: id.nullable(), parameterIds: ids, isArchive: z.boolean() }),
  },
  PlanChanged: { version: 1, schema: planFieldsSchema.partial().extend({ id }) },
  PlanMoved: { version: 1, schema: z.object({ id, parentId: id.nullable() }) },
  PlanArchived: { version: 1, schema: z.object({ id, planIds: ids.min(1) }) },
  PlanUnarchived: { version: 1, schema: z.object({ id, planIds: ids.min(1) }) },
  /** To the trash with its subtree. */
  PlanDeleted: { version: 1, schema: z.object({ id, planIds: ids.min(1) }) },
  PlanRecovered: { version: 1, schema: z.object({ id, planIds: ids.min(1) }) },
  PlanRemoved: { version: 1, schema: z.object({ id, planIds: ids.min(1) }) },
});
export type PlanEvent = EventsOf<typeof planEvents>;
