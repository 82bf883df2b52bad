import { z } from 'zod';
import { defineEvents, type AuditFields, type EventAudit, type EventsOf } from './catalog.ts';
import { attributeValues } from './suites.ts';

const id = z.number().int().positive();
const ids = z.array(id);

export const caseStepSchema = z.object({
  id,
  name: z.string().min(1),
  scenario: z.string().min(1),
  expected: z.string(),
  /** 1-based, renumbered on save. */
  sortOrder: z.number().int().positive(),
  attachmentIds: ids,
});
export type CaseStep = z.output<typeof caseStepSchema>;

/** What one version of a case holds: its fields, steps, labels and files as they were (§4.9). */
export const caseContentSchema = z.object({
  name: z.string().min(1),
  suiteId: id,
  description: z.string(),
  setup: z.string(),
  scenario: z.string(),
  expected: z.string(),
  teardown: z.string(),
  /** Seconds; null when not estimated. */
  estimate: z.number().int().nonnegative().nullable(),
  isSteps: z.boolean(),
  attributes: attributeValues,
  steps: z.array(caseStepSchema),
  labelIds: ids,
  attachmentIds: ids,
});
export type CaseContent = z.output<typeof caseContentSchema>;

/** The trail folds a case's fields with its version's number: each new version counts one. */
const versionOf = (before: AuditFields | undefined) => Number(before?.version ?? 0);
const newVersion: EventAudit = {
  fieldsAfter: (data, before) => ({ ...before, ...(data.content as object), version: versionOf(before) + 1 }),
};
const archiving = (isArchive: boolean): EventAudit => ({
  fieldsAfter: (_data, before) => ({ ...before, isArchive, version: versionOf(before) + 1 }),
});

/**
 * One stream per case (`case-<id>`), its versions included. Every event names
 * the case's project, which the suite counts are kept by, and every version its
 * author (`userId`: only they may amend it). A version's
 * `historyId` comes from one global sequence: TestY's links carry it (`?version=`).
 */
export const caseEvents = defineEvents({
  CaseCreated: {
    version: 1,
    audit: newVersion,
    schema: z.object({ caseId: id, projectId: id, historyId: id, userId: id.nullable(), content: caseContentSchema }),
  },
  /** A new version: an edit, a move, a bulk change or a restore (`restoredFrom`, a display version). */
  CaseVersioned: {
    version: 1,
    audit: newVersion,
    schema: z.object({
      caseId: id,
      projectId: id,
      historyId: id,
      userId: id.nullable(),
      content: caseContentSchema,
      restoredFrom: z.number().int().positive().optional(),
    }),
  },
  /** The latest version overwritten in place by its author (`skip_history`, D12); the overwritten content stays in the log. */
  CaseAmended: {
    version: 1,
    audit: { fieldsAfter: (data, before) => ({ ...before, ...(data.content as object) }) },
    schema: z.object({ caseId: id, projectId: id, content: caseContentSchema }),
  },
  /** Archiving and restoring write versions too, so the archive flag is versioned (§4.9). */
  CaseArchived: {
    version: 1,
    audit: archiving(true),
    schema: z.object({ caseId: id, projectId: id, historyId: id, userId: id.nullable() }),
  },
  CaseUnarchived: {
    version: 1,
    audit: archiving(false),
    schema: z.object({ caseId: id, projectId: id, historyId: id, userId: id.nullable() }),
  },
  /** `withSuite`: deleted with that suite's delete, so the suite's recovery brings it back. */
  CaseDeleted: { version: 1, schema: z.object({ caseId: id, projectId: id, withSuite: id.optional() }) },
  CaseRecovered: { version: 1, schema: z.object({ caseId: id, projectId: id }) },
  CaseRemoved: { version: 1, schema: z.object({ caseId: id, projectId: id }) },
});
export type CaseEvent = EventsOf<typeof caseEvents>;
