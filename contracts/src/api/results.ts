import { z } from 'zod';
import { booleanField, idArrayField, idField, integerField, queryBoolean, queryId } from './fields.ts';
import { formatCalendarDuration } from '../duration.ts';
import { LIMITS } from '../limits.ts';
import { messages } from '../messages.ts';
import { attributeValues } from '../events/suites.ts';
import { attachmentResponse } from './attachments.ts';
import { catalogueMessages, trashBody } from './project-catalogue.ts';
import { commentResponse } from './comments.ts';
import { paginationQuery } from './query.ts';
import { noContent, routeSet } from './route.ts';
import { id, previewResponse, timestamp } from './wire.ts';

export const resultMessages = {
  notEditable: 'Results in this project are not editable. Contact with project admin',
  gapClosed: (limitSeconds: number) =>
    `Update gap closed, you can only update "comment" on current result. Update gap is set to "${formatCalendarDuration(limitSeconds)}"`,
  caseVersionChanged: 'Test case version changed you can only update "comment" on current result',
  archivedTest: 'Results cannot be added to or changed on an archived test.',
  archivedResult: 'An archived result cannot be changed.',
  statusUnknown: (statusId: number) => `Invalid pk "${statusId}" - object does not exist.`,
  stepsMismatch: 'Give one step result for each step of the test case version, or none.',
  stepNamed: 'Name each step result by its id or by its step.',
  stepResultUnknown: (stepResultId: number) => `Invalid pk "${stepResultId}" - object does not exist.`,
  testUnknown: (testId: number) => `Invalid pk "${testId}" - object does not exist.`,
  testFixed: 'A result stays with its test.',
  scopeRequired: 'Give test or project.',
  attributeScope: 'plan, attribute_name and attribute_value are required.',
} as const;

/** `POST results/` (§3.6): the status and, per step of the case version, a step status. */
export const resultCreateBody = z.object({
  test: idField,
  status: idField,
  comment: z.string({ error: catalogueMessages.notAString }).optional(),
  execution_time: integerField(0).nullable().optional(),
  attachments: idArrayField.optional(),
  attributes: attributeValues.optional(),
  steps_results: z.array(z.object({ step: idField, status: idField }), { error: messages.notAList }).optional(),
  is_archive: booleanField.optional(),
});
export type ResultCreateBody = z.output<typeof resultCreateBody>;

/**
 * `POST test-results/bulk-create/`: a JSON array of `POST results/` bodies, on one test or many; a field error names the item, `1.status`.
 */
export const resultBulkCreateBody = z
  .array(resultCreateBody, { error: messages.notAList })
  .min(1, messages.required)
  .max(LIMITS.resultsPerRequest, messages.tooManyItems(LIMITS.resultsPerRequest));

/**
 * `PATCH results/{id}/`: the same fields, each optional. A step result names its step, or is named by its own
 * `id` alone as TestY's edit form sends it (`{id, status}`); the steps left out keep their status.
 */
export const resultPatchBody = resultCreateBody.partial().extend({
  steps_results: z
    .array(
      z
        .object({ id: idField.optional(), step: idField.optional(), status: idField })
        .refine((stepResult) => stepResult.id !== undefined || stepResult.step !== undefined, { message: resultMessages.stepNamed }),
      { error: messages.notAList },
    )
    .optional(),
});
export type ResultPatchBody = z.output<typeof resultPatchBody>;

/** `GET results/`: a test's results, or a project's. */
export const resultListQuery = z.object({
  project: queryId.optional(),
  test: queryId.optional(),
  is_archive: queryBoolean.optional(),
});

export const stepResultResponse = z.strictObject({
  id,
  step: id,
  name: z.string(),
  status: id,
  status_text: z.string(),
  status_color: z.string(),
  sort_order: z.number().int(),
});

/** The Result object (§3.6). */
export const resultResponse = z.strictObject({
  id,
  project: id,
  test: id,
  status: id,
  status_text: z.string(),
  status_color: z.string(),
  user: id.nullable(),
  user_full_name: z.string(),
  avatar_link: z.string(),
  comment: z.string(),
  is_archive: z.boolean(),
  test_case_version: id,
  created_at: timestamp,
  updated_at: timestamp,
  url: z.string(),
  execution_time: z.number().int().nullable(),
  attachments: z.array(attachmentResponse),
  attributes: attributeValues,
  steps_results: z.array(stepResultResponse),
  /** Whether it is its test's newest result (lists and retrieve only). */
  latest: z.boolean().optional(),
});
export type Result = z.output<typeof resultResponse>;

/** What a create answers: attachments as ids (K1). */
export const resultCreatedResponse = resultResponse.omit({ attachments: true, latest: true }).extend({ attachments: z.array(id) });

/** `tests/{id}/results-union/`: the test's results and comments in one thread (the test drawer's tabs). */
export const resultsUnionQuery = paginationQuery.extend({
  type: z.enum(['result', 'comment'], { error: (issue) => catalogueMessages.invalidChoice(issue.input) }).optional(),
  ordering: z.enum(['created_at', '-created_at'], { error: messages.invalidOrdering }).optional(),
});
export const resultsUnionItem = z.union([
  resultResponse.extend({ type: z.literal('result') }),
  commentResponse.extend({ type: z.literal('comment') }),
]);
export type ResultsUnionItem = z.output<typeof resultsUnionItem>;

/** `DELETE results/attributes/`: the results of the tests directly in `plan` whose attribute has the value (case-insensitive). */
export const resultsByAttributeQuery = z.object({
  plan: queryId.optional(),
  attribute_name: z.string().optional(),
  attribute_value: z.string().optional(),
});

const RESULTS = '/api/v2/results/';
const RESULT = '/api/v2/results/:id(^\\d+)/';
const resultChange = {
  path: RESULT,
  summary: 'Change a result within the project’s edit limits (§4.10, D9)',
  body: resultPatchBody,
  response: { 200: resultResponse },
} as const;

/** `results/` (§3.6, §4.10): a test's results, recording, editing within the limits, deleting (the last status follows, D6). */
export const resultRoutes = routeSet('results', {
  list: {
    method: 'GET',
    path: RESULTS,
    summary: 'A test’s results (`?test=`), newest first, not paginated',
    querystring: resultListQuery,
    response: { 200: z.array(resultResponse) },
  },
  create: {
    method: 'POST',
    path: RESULTS,
    summary: 'Record a result on a test, with a status per step of the case version',
    body: resultCreateBody,
    response: { 201: resultCreatedResponse },
  },
  bulkCreate: {
    method: 'POST',
    path: '/api/v2/test-results/bulk-create/',
    summary: 'Record many results, on one test or many, all or none (at most 1,000)',
    body: resultBulkCreateBody,
    response: { 201: z.array(resultCreatedResponse) },
  },
  retrieve: { method: 'GET', path: RESULT, summary: 'One result', response: { 200: resultResponse } },
  update: { method: 'PATCH', ...resultChange },
  replace: { method: 'PUT', ...resultChange },
  archivePreview: {
    method: 'GET',
    path: `${RESULT}archive/preview/`,
    summary: 'What archiving the result would archive',
    response: { 200: previewResponse },
  },
  archive: {
    method: 'POST',
    path: `${RESULT}archive/`,
    summary: 'Archive a result (it keeps counting for its test’s last status, D6)',
    response: { 200: resultResponse },
  },
  restore: {
    method: 'POST',
    path: `${RESULTS}archive/restore/`,
    summary: 'Restore archived results',
    body: trashBody,
    response: { 200: z.array(resultResponse) },
  },
  destroyByAttribute: {
    method: 'DELETE',
    path: `${RESULTS}attributes/`,
    summary: 'Delete the results of the tests directly in a plan whose attribute has a value (case-insensitive)',
    querystring: resultsByAttributeQuery,
    response: { 204: noContent },
  },
  destroy: {
    method: 'DELETE',
    path: RESULT,
    summary: 'Delete a result (its test’s last status follows, D6)',
    response: { 204: noContent },
  },
});
