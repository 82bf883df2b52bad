import { asOfQuery } from './audit.ts';
import { z } from 'zod';
import {
  booleanField,
  drfInteger,
  idArrayField,
  idField,
  integerField,
  nullableIdField,
  queryBoolean,
  queryId,
  queryIdList,
} from './fields.ts';
import { LIMITS } from '../limits.ts';
import { messages } from '../messages.ts';
import { attributeValues } from '../events/suites.ts';
import { LABELS_ACTIONS } from '../events/bulk-jobs.ts';
import { attachmentResponse } from './attachments.ts';
import { catalogueMessages, projectReference, projectScopeQuery, requiredText, trashBody, trashListQuery } from './project-catalogue.ts';
import { paginationQuery, queryDateTime } from './query.ts';
import { noContent, routeSet } from './route.ts';
import { testListQuery, testResponse } from './tests.ts';
import { userResponse } from './users.ts';
import { count, id, paginatedResponse, previewResponse, timestamp } from './wire.ts';
import { parseEstimate } from '../estimate.ts';

export const caseMessages = {
  onlyAuthorCanSkipVersion: 'Only author of latest change can skip version',
  incorrectVersion: 'Incorrect version',
  restoredSuiteGone: 'The suite of that version no longer exists: move the case first.',
  labelUnknown: (labelId: number) => `Invalid pk "${labelId}" - object does not exist.`,
  attachmentUnknown: (attachmentId: number) => `Invalid pk "${attachmentId}" - object does not exist.`,
  copyToAnotherProject: 'Cannot copy case to another project.',
  staleVersion: (current: number) => `The test case was changed after it was read: its current version is ${current}.`,
} as const;

/**
 * Optimistic concurrency for case edits. Every answer with the case's current
 * version carries an `ETag` naming its revision: the display version, and how
 * often that version was overwritten in place (`skip_history`), which changes
 * the content without a new version (`"5"`, then `"5.1"`). A `PUT` with
 * `If-Match` is applied only while one of its tags is still the case's (strong
 * comparison; `*` matches any); otherwise 409 with the current version. A
 * `PUT` without `If-Match` (TestY's app, scripts) is applied as before: the last write wins.
 */
export const caseVersionTag = (version: number, amendments: number): string =>
  amendments === 0 ? `${version}` : `${version}.${amendments}`;

/** `PUT cases/{id}/`'s request header, for the OpenAPI document (handlers read it themselves). */
export const caseUpdateHeaders = z.object({
  'If-Match': z
    .string()
    .optional()
    .describe('The ETag of the version the edit was made on; a stale one answers 409 instead of overwriting a newer version'),
});

/**
 * The 409 of a `PUT` whose `If-Match` is no longer the case's: the current version to fetch and merge with (its ETag comes as the header).
 */
export const caseStaleResponse = z
  .strictObject({ detail: z.string(), current_version: id })
  .describe(
    'The case changed after the version `If-Match` names: nothing was ' +
      'saved; fetch the current version (its ETag is the header) and edit that',
  );

/** Bulk update's refusals, in TestY's general error shape. */
const caseMessagesBulk = {
  bothSelections: 'Use included_cases or excluded_cases, not both.',
  nothingToChange: 'Name a suite to move to or a labels_action.',
} as const;

const text = z.string({ error: catalogueMessages.notAString });
/** A list of at most `max` items (LIMITS), refused as DRF refuses a long list. */
const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item, { error: messages.notAList }).max(max, messages.tooManyItems(max));
const attachmentIds = listOf(idField, LIMITS.attachmentsPerCase);

/** An estimate as typed: seconds out, or the estimate's own message (§4.15). */
const estimateField = z.union([z.string(), z.number()], { error: catalogueMessages.notAString }).transform((value, ctx) => {
  if (value === '') return null;
  const parsed = parseEstimate(value);
  if ('error' in parsed) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.seconds || null;
});

const stepBody = z.object({
  id: idField.optional(),
  name: requiredText(255),
  scenario: z
    .string({ error: (issue) => (issue.input === undefined ? messages.required : catalogueMessages.notAString) })
    .trim()
    .min(1, messages.required),
  expected: text.optional(),
  sort_order: integerField(0).optional(),
  attachments: attachmentIds.optional(),
});

const labelBody = z.object({ id: idField.optional(), name: requiredText(255), color: text.nullable().optional() });

/** `POST cases/` (§3.3): a scenario, or steps when `is_steps`; labels by id or by name. */
export const caseCreateBody = z.object({
  name: requiredText(255),
  project: projectReference,
  suite: idField,
  description: text.optional(),
  setup: text.optional(),
  scenario: text.optional(),
  expected: text.optional(),
  teardown: text.optional(),
  estimate: estimateField.nullable().optional(),
  is_steps: booleanField.optional(),
  attributes: attributeValues.optional(),
  attachments: attachmentIds.optional(),
  labels: listOf(labelBody, LIMITS.labelsPerCase).optional(),
  steps: listOf(stepBody, LIMITS.stepsPerCase).optional(),
});
export type CaseCreateBody = z.output<typeof caseCreateBody>;

/** `PUT cases/{id}/`: the same, plus `skip_history` to overwrite the latest version (§4.9). */
export const caseUpdateBody = caseCreateBody.extend({ skip_history: booleanField.optional() });
export type CaseUpdateBody = z.output<typeof caseUpdateBody>;

const ORDER_FIELDS = 'id|name|title|created_at|estimate';

/** The filters of `GET cases/` (§3.3, §2.6, §4.16). */
export const caseListQuery = paginationQuery.extend({
  suite: queryIdList.optional(),
  show_descendants: queryBoolean.optional(),
  name: z.string().optional(),
  search: z.string().optional(),
  labels: queryIdList.optional(),
  not_labels: queryIdList.optional(),
  labels_condition: z.enum(['and', 'or'], { error: (issue) => catalogueMessages.invalidChoice(issue.input) }).optional(),
  is_archive: queryBoolean.optional(),
  test_case_created_after: queryDateTime.optional(),
  test_case_created_before: queryDateTime.optional(),
  /** Cases whose suite was created in this range (the cases filter's suite created range). */
  test_suite_created_after: queryDateTime.optional(),
  test_suite_created_before: queryDateTime.optional(),
  ordering: z
    .string()
    .regex(new RegExp(`^-?(${ORDER_FIELDS})(,-?(${ORDER_FIELDS}))*$`), messages.invalidOrdering)
    .optional(),
});
export type CaseListQuery = z.output<typeof caseListQuery>;

/** `GET cases/{id}/`: a display version (`ver`), or an internal history id (`version`) that redirects to it (K9). */
export const caseRetrieveQuery = z.object({
  ...asOfQuery.shape,
  ver: queryId.optional(),
  version: queryId.optional(),
});

export const caseVersionRestoreBody = z.object({
  version: z.unknown().transform((value, ctx) => {
    const version = drfInteger(value);
    if (version === undefined) ctx.addIssue({ code: 'custom', message: caseMessages.incorrectVersion });
    return version ?? z.NEVER;
  }),
});

export const caseStepResponse = z.strictObject({
  id,
  name: z.string(),
  scenario: z.string(),
  expected: z.string(),
  sort_order: count,
  attachments: z.array(attachmentResponse),
});

export const caseLabelResponse = z.strictObject({ id, name: z.string(), color: z.string().nullable() });

/** One case (retrieve): its current (or asked) version (§3.3). */
export const caseDetailResponse = z.strictObject({
  id,
  name: z.string(),
  description: z.string(),
  project: id,
  suite: z.strictObject({ id, name: z.string() }),
  setup: z.string(),
  scenario: z.string(),
  expected: z.string(),
  teardown: z.string(),
  estimate: z.string().nullable(),
  is_steps: z.boolean(),
  is_archive: z.boolean(),
  attributes: attributeValues,
  attachments: z.array(attachmentResponse),
  url: z.string(),
  steps: z.array(caseStepResponse),
  labels: z.array(caseLabelResponse),
  /** Display versions, newest first. */
  versions: z.array(id),
  /** The version shown: the latest, or the one `ver` asked for. */
  current_version: id,
  source_archived: z.boolean(),
});
export type CaseDetail = z.output<typeof caseDetailResponse>;

/** A case in lists adds when it was made and where it lives. */
export const caseResponse = caseDetailResponse.extend({ created_at: timestamp, suite_path: z.string() });
export type Case = z.output<typeof caseResponse>;

/** A row of `cases/{id}/history/`. */
export const caseHistoryResponse = z.strictObject({
  user: userResponse.nullable(),
  version: id,
  action: z.enum(['Created', 'Updated', 'Deleted']),
  history_date: timestamp,
});

/** The case filters the tree views and the picker share (§3.2 union, §3.3 search). */
export const caseTreeFilterQuery = caseListQuery
  .pick({
    search: true,
    labels: true,
    not_labels: true,
    labels_condition: true,
    is_archive: true,
    test_case_created_after: true,
    test_case_created_before: true,
  })
  .extend({
    suite: caseListQuery.shape.suite,
  });

/** A case as the picker lists it under its suite. */
const pickedCase = z.strictObject({ id, name: z.string(), suite_id: id, labels: z.array(caseLabelResponse), is_archive: z.boolean() });

export interface CaseSearchNode {
  id: number;
  name: string;
  title: string;
  parent_id: number | null;
  children: CaseSearchNode[];
  test_cases: Array<z.output<typeof pickedCase>>;
}
/** `cases/search/`: the suites that hold matches, or hold suites that do, as a tree of roots (§3.3). */
export const caseSearchNode: z.ZodType<CaseSearchNode> = z.lazy(() =>
  z.strictObject({
    id,
    name: z.string(),
    title: z.string(),
    parent_id: id.nullable(),
    children: z.array(caseSearchNode),
    test_cases: z.array(pickedCase),
  }),
);
export const caseSearchResponse = z.array(caseSearchNode);

/** A case in the tree view (§3.2 union): the list fields, a leaf under its suite. */
export const caseUnionItem = caseResponse.extend({ is_leaf: z.literal(true), parent: z.strictObject({ id, name: z.string() }) });

const copyName = requiredText(255).optional();

/** `POST cases/copy/`: copies with their steps and labels, into another suite of the same project (§3.3, §4.19). */
export const caseCopyBody = z.object({
  cases: z.array(z.object({ id: idField, new_name: copyName }), { error: messages.notAList }).min(1, messages.required),
  dst_suite_id: idField.optional(),
});

const caseIds = idArrayField;

/** What a bulk update changes, for the selection its filter conditions narrow (§3.3, §4.11). */
const bulkChange = {
  project: projectReference,
  /** Run as a job in the background, answered at once with an empty body (as over BULK_SYNC_LIMIT cases). */
  is_async: booleanField.optional(),
  filter_conditions: z.record(z.string(), z.unknown(), { error: messages.notAnObject }).optional(),
  suite: idField.optional(),
  labels: listOf(labelBody, LIMITS.labelsPerRequest).optional(),
  labels_action: z.enum(LABELS_ACTIONS, { error: (issue) => catalogueMessages.invalidChoice(issue.input) }).optional(),
};

/** A bulk change must change something, and every labels action but clear names its labels. */
function changingSomething<T extends z.ZodType<{ suite?: number; labels?: unknown[]; labels_action?: string }>>(schema: T) {
  return schema
    .refine((body) => body.suite !== undefined || body.labels_action !== undefined, {
      message: caseMessagesBulk.nothingToChange,
      path: ['errors'],
    })
    .refine((body) => body.labels_action === undefined || body.labels_action === 'clear' || body.labels !== undefined, {
      message: messages.required,
      path: ['labels'],
    });
}

/** `PUT cases/bulk-update/`: a selection by filters, minus exclusions or only inclusions, moved and/or relabelled. */
export const caseBulkUpdateBody = changingSomething(
  z
    .object({
      ...bulkChange,
      /** null (as the all-cases list sends it) or absent: the whole project. */
      current_suite: nullableIdField.optional(),
      included_cases: caseIds.optional(),
      excluded_cases: caseIds.optional(),
    })
    .refine((body) => !(body.included_cases && body.excluded_cases), { message: caseMessagesBulk.bothSelections, path: ['errors'] }),
);
export type CaseBulkUpdateBody = z.output<typeof caseBulkUpdateBody>;

/** `POST test-cases/bulk-move/`: the selection of `cases/bulk-update/`, moved into `suite` (required); their labels stay. */
export const caseBulkMoveBody = z
  .object({
    project: bulkChange.project,
    is_async: bulkChange.is_async,
    filter_conditions: bulkChange.filter_conditions,
    suite: idField,
    current_suite: nullableIdField.optional(),
    included_cases: caseIds.optional(),
    excluded_cases: caseIds.optional(),
  })
  .refine((body) => !(body.included_cases && body.excluded_cases), { message: caseMessagesBulk.bothSelections, path: ['errors'] });
export type CaseBulkMoveBody = z.output<typeof caseBulkMoveBody>;

/** `PUT cases/bulk-update-tree/`: the tree view's selection (whole suite subtrees and single cases) after the filters. */
export const caseBulkUpdateTreeBody = changingSomething(
  z.object({ ...bulkChange, included_suites: caseIds.optional(), included_cases: caseIds.optional() }),
);
export type CaseBulkUpdateTreeBody = z.output<typeof caseBulkUpdateTreeBody>;

const caseBase = '/api/v2/cases/';
const caseDetail = '/api/v2/cases/:id(^\\d+)/';
/** What an answer's ETag says, for the answers with a case's current version. */
const CURRENT_TAG = { ETag: 'The current version’s revision, for `If-Match` on `PUT`' };

/** `cases/` (§3.3, §4.9, §2.7): lists with filters, versions and history, changes, archive and the trash. */
export const caseRoutes = routeSet('cases', {
  list: {
    method: 'GET',
    path: caseBase,
    summary: 'A project’s cases (`?project=`), filtered by suites, name, labels, archive and creation time, ordered and paginated',
    querystring: projectScopeQuery.extend(caseListQuery.shape),
    response: { 200: paginatedResponse(caseResponse) },
  },
  create: {
    method: 'POST',
    path: caseBase,
    summary: 'Create a case, with a scenario or steps',
    body: caseCreateBody,
    response: { 201: caseDetailResponse },
    responseHeaders: { 201: CURRENT_TAG },
  },
  retrieve: {
    method: 'GET',
    path: caseDetail,
    summary: 'One case: its current version (with its ETag), or the version `ver`; `version` (a history id) redirects to `ver`',
    querystring: caseRetrieveQuery,
    response: { 200: caseDetailResponse, 308: noContent },
    responseHeaders: { 200: { ETag: `${CURRENT_TAG.ETag} (not sent with \`ver\`)` } },
  },
  replace: {
    method: 'PUT',
    path: caseDetail,
    summary:
      'Change a case: a new version, or the latest overwritten (`skip_history`); ' +
      'with `If-Match`, only while the version it names is still the current one',
    headers: caseUpdateHeaders,
    body: caseUpdateBody,
    response: { 200: caseDetailResponse, 409: caseStaleResponse },
    responseHeaders: { 200: CURRENT_TAG, 409: { ETag: 'The current version’s revision, which the edit did not name' } },
  },
  destroy: { method: 'DELETE', path: caseDetail, summary: 'Delete a case (to the trash)', response: { 204: noContent } },
  deletePreview: {
    method: 'GET',
    path: `${caseDetail}delete/preview/`,
    summary: 'What deleting the case would delete',
    response: { 200: previewResponse },
  },
  archivePreview: {
    method: 'GET',
    path: `${caseDetail}archive/preview/`,
    summary: 'What archiving the case would archive',
    response: { 200: previewResponse },
  },
  archive: {
    method: 'POST',
    path: `${caseDetail}archive/`,
    summary: 'Archive a case (a new version)',
    response: { 200: caseDetailResponse },
    responseHeaders: { 200: CURRENT_TAG },
  },
  unarchive: {
    method: 'POST',
    path: `${caseBase}archive/restore/`,
    summary: 'Restore archived cases',
    body: trashBody,
    response: { 200: z.array(caseResponse) },
  },
  restoreVersion: {
    method: 'POST',
    path: `${caseDetail}version/restore/`,
    summary: 'Make an old version the current one (a new version)',
    body: caseVersionRestoreBody,
    response: { 200: caseDetailResponse },
    responseHeaders: { 200: CURRENT_TAG },
  },
  history: {
    method: 'GET',
    path: `${caseDetail}history/`,
    summary: 'Who made each version and when, newest first',
    querystring: z.object({ ordering: z.string().optional(), page: z.string().optional(), page_size: z.string().optional() }),
    response: { 200: paginatedResponse(caseHistoryResponse) },
  },
  copy: {
    method: 'POST',
    path: `${caseBase}copy/`,
    summary: 'Copy cases with their steps and labels, into another suite of the same project',
    body: caseCopyBody,
    response: { 200: z.array(caseDetailResponse) },
  },
  bulkUpdate: {
    method: 'PUT',
    path: `${caseBase}bulk-update/`,
    summary:
      'Move and/or relabel the cases a filter selects, minus exclusions or only the included ' +
      'ones (each a new version); over 1,000 or with `is_async`, as a job in the background',
    body: caseBulkUpdateBody,
    response: { 200: z.array(caseResponse) },
  },
  bulkMove: {
    method: 'POST',
    path: '/api/v2/test-cases/bulk-move/',
    summary:
      'Move the cases a filter selects, minus exclusions or only the included ones, ' +
      'into `suite` (each a new version); over 1,000 or with `is_async`, as a job',
    body: caseBulkMoveBody,
    response: { 200: z.array(caseResponse) },
  },
  bulkUpdateTree: {
    method: 'PUT',
    path: `${caseBase}bulk-update-tree/`,
    summary:
      'Move and/or relabel what the tree view selected: whole suite subtrees and single ' +
      'cases, after the filters (each a new version); over 1,000 or with `is_async`, as a job',
    body: caseBulkUpdateTreeBody,
    response: { 200: z.array(caseResponse) },
  },
  search: {
    method: 'GET',
    path: `${caseBase}search/`,
    summary: 'The case picker (`?project=`): the suites holding matching cases, and their ancestors, as a tree of roots with the cases',
    querystring: projectScopeQuery.extend(caseTreeFilterQuery.shape),
    response: { 200: caseSearchResponse },
  },
  tests: {
    method: 'GET',
    path: `${caseDetail}tests/`,
    summary: 'The tests of the case in the project’s plans, with the tests filters (the case drawer’s Tests tab)',
    querystring: testListQuery,
    response: { 200: paginatedResponse(testResponse) },
  },
  trash: {
    method: 'GET',
    path: `${caseBase}deleted/`,
    summary: 'Deleted cases of one project (`?project=`) or of every project the caller can see',
    querystring: trashListQuery,
    response: { 200: paginatedResponse(caseResponse) },
  },
  recover: {
    method: 'POST',
    path: `${caseBase}deleted/recover/`,
    summary: 'Recover cases from the trash',
    body: trashBody,
    response: { 200: z.array(caseResponse) },
  },
  remove: {
    method: 'POST',
    path: `${caseBase}deleted/remove/`,
    summary: 'Remove cases from the trash for good',
    body: trashBody,
    response: { 204: noContent },
  },
});
