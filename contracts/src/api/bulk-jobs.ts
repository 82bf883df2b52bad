import { z } from 'zod';
import { booleanField, idArrayField, idField, nullableIdField } from './fields.ts';
import { attributeValues } from '../events/suites.ts';
import { paginationQuery } from './query.ts';
import { routeSet } from './route.ts';
import { testResponse } from './tests.ts';
import { count, id, paginatedResponse, timestamp } from './wire.ts';

export const bulkMessages = {
  oneChange: 'Send one change: plan_id, assignee_id, is_deleted or result.',
  includedAndExcluded: 'Send included_tests or excluded_tests, not both.',
  statusUnknown: (statusId: number) => `Invalid pk "${statusId}" - object does not exist.`,
  requiredAttributes: (names: readonly string[], suiteId: number) =>
    `Required attributes are missing for the tests of suite ${suiteId}: ${names.join(', ')}`,
  running: 'Another bulk operation of yours is still running in this project; wait for it to end.',
} as const;

/** More selected tests or cases than this run as a job in the background, whatever `is_async` says (§4.11). */
export const BULK_SYNC_LIMIT = 1_000;

/** The list filters as the web app sends them: query values, as strings, numbers, booleans or lists. */
const conditionValue = z
  .union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))])
  .transform((value) => (Array.isArray(value) ? value.join(',') : String(value)));
export const filterConditions = z
  .record(z.string(), conditionValue.nullable())
  .transform((conditions) =>
    Object.fromEntries(Object.entries(conditions).filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== '')),
  );

/** What is done to every selected test: one of these (§3.5). */
const bulkChanges = {
  is_async: booleanField.optional(),
  plan_id: idField.optional(),
  assignee_id: nullableIdField.optional(),
  is_deleted: z.literal(true).optional(),
  result: z
    .object({
      status: idField,
      comment: z.string().optional(),
      attachments: idArrayField.optional(),
      attributes: z
        .object({
          non_suite_specific: attributeValues.optional(),
          suite_specific: z.array(z.object({ suite_id: idField, values: attributeValues })).optional(),
        })
        .optional(),
    })
    .optional(),
};

/** `PUT tests/bulk-update/`: the filtered tests (in `current_plan`'s subtree) minus `excluded_tests`, or only `included_tests`. */
export const testBulkUpdateBody = z.object({
  project: idField,
  current_plan: nullableIdField.optional(),
  included_tests: idArrayField.optional(),
  excluded_tests: idArrayField.optional(),
  filter_conditions: filterConditions.optional(),
  ...bulkChanges,
});
export type TestBulkUpdateBody = z.output<typeof testBulkUpdateBody>;

/** `PUT tests/bulk-update-tree/`: whole plan subtrees and single tests, after the filters. */
export const testBulkUpdateTreeBody = z.object({
  project: idField,
  included_plans: idArrayField.optional(),
  included_tests: idArrayField.optional(),
  filter_conditions: filterConditions.optional(),
  ...bulkChanges,
});
export type TestBulkUpdateTreeBody = z.output<typeof testBulkUpdateTreeBody>;

/** A test of a report that added nothing, and why. */
export const skippedReportTest = z.strictObject({ file: z.string(), line: count, name: z.string(), reason: z.string() });

/** The tests skipped that a job's summary lists by name; it counts the others. */
export const SKIPPED_LISTED = 200;

/** What a report import did, in `bulk-jobs/` and in its answer: as far as it got while it runs. */
export const reportImportSummary = z.strictObject({
  plan: id,
  run_key: z.string().nullable(),
  cases_created: count,
  tests_created: count,
  results: z.array(z.strictObject({ status: id, count })),
  outcomes: z.strictObject({ passed: count, failed: count, error: count, skipped: count }),
  skipped: count,
  skipped_tests: z.array(skippedReportTest),
});
export type ReportImportSummary = z.output<typeof reportImportSummary>;

/** `GET bulk-jobs/` and `bulk-jobs/{id}/`: a job of the caller's, how far it got and how it ended. */
export const bulkJobResponse = z.strictObject({
  id,
  project: id,
  /**
   * What it does to each test; `cases`: moves and/or relabels cases; `import`: creates the cases of an export file; `report`: records
   * the tests of a test report (JUnit, xUnit, NUnit, Allure) in a plan.
   */
  operation: z.enum(['assign', 'move', 'delete', 'result', 'cases', 'import', 'report']),
  status: z.enum(['running', 'finished', 'failed']),
  total: count,
  done: count,
  /** The test (the case, for `cases`; the case's place in the file, for `import`) that was refused, when it failed there. */
  failed_item: id.nullable(),
  reason: z.string().nullable(),
  requested_at: timestamp,
  updated_at: timestamp,
  ended_at: timestamp.nullable(),
  /** `report`: what the import did so far; null for every other job. */
  summary: reportImportSummary.nullable(),
});
export type BulkJob = z.output<typeof bulkJobResponse>;

/** The changed tests; none (an empty body, K3) when the change goes on as a job in the background. */
const changedTests = z.array(testResponse).optional();

const testsBulkUpdate = {
  path: '/api/v2/tests/bulk-update/',
  summary:
    'Assign, move, delete or add a result to the tests a filter selects ' +
    '(in `current_plan`’s subtree), minus exclusions or only those ' +
    'included; over 1,000 or with `is_async`, as a job in the background',
  body: testBulkUpdateBody,
  response: { 200: changedTests },
} as const;

/**
 * Bulk changes of tests (§3.5, §4.11) as jobs, and the caller's jobs: small selections are answered when the
 * job ends, large ones (or `is_async`) at once, with an empty body, the job going on in the background (K3).
 */
export const bulkJobRoutes = routeSet('bulk-jobs', {
  bulkUpdate: { method: 'PUT', ...testsBulkUpdate },
  // TestY's router takes PATCH here too, with the same body and meaning.
  bulkUpdatePatch: { method: 'PATCH', ...testsBulkUpdate },
  bulkUpdateTree: {
    method: 'PUT',
    path: '/api/v2/tests/bulk-update-tree/',
    summary: 'The same for what the tree view selected: whole plan subtrees and single tests, after the filters',
    body: testBulkUpdateTreeBody,
    response: { 200: changedTests },
  },
  list: {
    method: 'GET',
    path: '/api/v2/bulk-jobs/',
    summary: 'The caller’s bulk jobs, the latest first',
    querystring: paginationQuery,
    response: { 200: paginatedResponse(bulkJobResponse) },
  },
  retrieve: {
    method: 'GET',
    path: '/api/v2/bulk-jobs/:id(^\\d+)/',
    summary: 'One of the caller’s bulk jobs: how far it got and how it ended',
    response: { 200: bulkJobResponse },
  },
});
