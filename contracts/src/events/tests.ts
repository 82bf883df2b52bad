import { z } from 'zod';
import type { AuditAction } from '../api/audit.ts';
import { defineEvents, type EventAudit, type EventsOf } from './catalog.ts';
import { attributeValues } from './suites.ts';

const id = z.number().int().positive();
const ids = z.array(id);
const testRef = { testId: id, projectId: id };

/** One step's outcome, with the step's name and order as the case version had them, so the result reads the same after the case changes. */
export const stepResultSchema = z.object({ id, stepId: id, name: z.string(), sortOrder: z.number().int().positive(), status: id });
export type StepResult = z.output<typeof stepResultSchema>;

/** The fields of a result that its author may change (§4.10 says which of them are protected). */
export const resultFieldsSchema = z.object({
  status: id,
  comment: z.string(),
  executionTime: z.number().int().nonnegative().nullable(),
  attributes: attributeValues,
  attachmentIds: ids,
  stepResults: z.array(stepResultSchema),
  isArchive: z.boolean(),
});
export type ResultFields = z.output<typeof resultFieldsSchema>;

/** The test's last status after the event (D6: the newest live result's status by creation, then id; null when untested). */
const lastStatus = id.nullable();

/** A result event in the audit trail: about its test, naming its result, changing the test's last status. */
const aboutResult = (action: AuditAction): EventAudit => ({
  action,
  related: (data) => [{ type: 'result', id: Number(data.resultId) }],
  fieldsAfter: (data, before) => ({ ...before, lastStatus: data.lastStatus }),
});

/**
 * One stream per test (`test-<id>`): the case in its plan, who it is assigned
 * to, and every result recorded on it, so the last status is decided with all
 * the results in view and each result event carries it.
 */
export const testEvents = defineEvents({
  TestCreated: { version: 1, schema: z.object({ ...testRef, planId: id, caseId: id, assigneeId: id.nullable() }) },
  /** A real change only (D11); `previousAssigneeId` tells the notifications whom it was taken from. */
  TestAssigned: {
    version: 1,
    audit: { action: 'assigned' },
    schema: z.object({ ...testRef, assigneeId: id.nullable(), previousAssigneeId: id.nullable() }),
  },
  TestMoved: { version: 1, schema: z.object({ ...testRef, planId: id }) },
  /** `withPlan`, `withCase`: archived or deleted with that plan's subtree or that case, so its restore brings the test back. */
  TestArchived: { version: 1, schema: z.object({ ...testRef, withPlan: id.optional(), withCase: id.optional() }) },
  TestUnarchived: { version: 1, schema: z.object({ ...testRef }) },
  TestDeleted: { version: 1, schema: z.object({ ...testRef, withPlan: id.optional(), withCase: id.optional() }) },
  TestRecovered: { version: 1, schema: z.object({ ...testRef }) },
  TestRemoved: { version: 1, schema: z.object({ ...testRef }) },
  /** `caseHistoryId`/`caseVersion`: the case version the result was made on (its history id, and its display version). */
  ResultAdded: {
    version: 1,
    audit: aboutResult('result_added'),
    schema: resultFieldsSchema.extend({
      ...testRef,
      resultId: id,
      userId: id.nullable(),
      /** When it was recorded: the edit window runs from here, and the last status is the newest result's (§4.10, D6). */
      createdAt: z.string(),
      caseHistoryId: id,
      caseVersion: z.number().int().positive(),
      lastStatus,
    }),
  },
  ResultEdited: {
    version: 1,
    audit: aboutResult('result_changed'),
    schema: resultFieldsSchema.partial().extend({ ...testRef, resultId: id, lastStatus }),
  },
  ResultDeleted: {
    version: 1,
    audit: aboutResult('result_deleted'),
    schema: z.object({ ...testRef, resultId: id, lastStatus }),
  },
});
export type TestEvent = EventsOf<typeof testEvents>;
