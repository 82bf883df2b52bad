import { asOfQuery } from './audit.ts';
import { z } from 'zod';
import { booleanField, idField, nullableIdField, queryBoolean, queryIdList, queryIdOrNullList } from './fields.ts';
import { messages } from '../messages.ts';
import { catalogueMessages, projectScopeQuery, trashBody, trashListQuery } from './project-catalogue.ts';
import { paginationQuery, queryDateTime } from './query.ts';
import { resultsUnionItem, resultsUnionQuery } from './results.ts';
import { noContent, routeSet } from './route.ts';
import { id, paginatedResponse, previewResponse, timestamp } from './wire.ts';

export const testMessages = {
  notAMember: 'User is not a member of a project.',
  userUnknown: (userId: number) => `Invalid pk "${userId}" - object does not exist.`,
  planUnknown: (planId: number) => `Invalid pk "${planId}" - object does not exist.`,
  caseUnknown: (caseId: number) => `Invalid pk "${caseId}" - object does not exist.`,
  planElsewhere: 'The test plan must be in the test’s project.',
  caseFixed: 'A test’s case cannot be changed: add the case to a plan instead.',
} as const;

/** Status ids, and `null` for untested (§4.3). */

/** The tests filters (§3.5, the spec's tests filter drawer): what the tests list, the plan's tests and the union view take alike. */
export const testFilterQuery = z.object({
  plan: queryIdList.optional(),
  case: queryIdList.optional(),
  suite: queryIdList.optional(),
  nested_search: queryBoolean.optional(),
  assignee: queryIdList.optional(),
  unassigned: queryBoolean.optional(),
  assignee_username: z.string().optional(),
  last_status: queryIdOrNullList.optional(),
  search: z.string().optional(),
  treesearch: z.string().optional(),
  labels: queryIdList.optional(),
  not_labels: queryIdList.optional(),
  labels_condition: z.enum(['and', 'or'], { error: (issue) => catalogueMessages.invalidChoice(issue.input) }).optional(),
  is_archive: queryBoolean.optional(),
  test_created_after: queryDateTime.optional(),
  test_created_before: queryDateTime.optional(),
  test_plan_started_after: queryDateTime.optional(),
  test_plan_started_before: queryDateTime.optional(),
  test_plan_created_after: queryDateTime.optional(),
  test_plan_created_before: queryDateTime.optional(),
});
export type TestFilterQuery = z.output<typeof testFilterQuery>;

const TEST_ORDER = 'id|last_status|created_at|name|is_archive|assignee|assignee_username|suite_path|estimate|started_at|plan';
export const testOrdering = z
  .string()
  .regex(new RegExp(`^-?(${TEST_ORDER})(,-?(${TEST_ORDER}))*$`), messages.invalidOrdering)
  .optional();

/** `GET tests/?project=` and `GET testplans/{id}/tests/` (`show_descendants`: the plan's subtree). */
export const testListQuery = paginationQuery.extend({
  ...testFilterQuery.shape,
  ...asOfQuery.shape,
  show_descendants: queryBoolean.optional(),
  ordering: testOrdering,
});
export type TestListQuery = z.output<typeof testListQuery>;

/** `PATCH tests/{id}/` (§3.5): assignee (null unassigns), plan (a move), archive flag; the case stays. */
export const testPatchBody = z.object({
  assignee: nullableIdField.optional(),
  plan: idField.optional(),
  case: idField.optional(),
  is_archive: booleanField.optional(),
});
export type TestPatchBody = z.output<typeof testPatchBody>;

/** `POST tests/`: one test of a case in a plan (tests are normally made by a plan's create or update). */
export const testCreateBody = z.object({ case: idField, plan: idField, assignee: nullableIdField.optional() });

export const testLabelResponse = z.strictObject({ id, name: z.string(), color: z.string().nullable() });

/** The Test object (§3.5). */
export const testResponse = z.strictObject({
  id,
  project: id,
  case: id,
  plan: id,
  suite: id,
  name: z.string(),
  last_status: id.nullable(),
  last_status_name: z.string().nullable(),
  last_status_color: z.string().nullable(),
  assignee: id.nullable(),
  assignee_username: z.string().nullable(),
  avatar_link: z.string(),
  is_archive: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  url: z.string(),
  labels: z.array(testLabelResponse),
  suite_path: z.string(),
  test_suite_description: z.string(),
  estimate: z.string().nullable(),
  plan_path: z.string(),
});
export type Test = z.output<typeof testResponse>;

const TESTS = '/api/v2/tests/';
const TEST = '/api/v2/tests/:id(^\\d+)/';
const testChange = {
  path: TEST,
  summary: 'Assign (`assignee`, null unassigns), move (`plan`) or archive a test',
  body: testPatchBody,
  response: { 200: testResponse },
} as const;

/** `tests/` (§3.5, §2.7): lists with every filter, one test, assignment, moves, archive and the trash. */
export const testRoutes = routeSet('tests', {
  list: {
    method: 'GET',
    path: TESTS,
    summary: 'A project’s tests (`?project=`) with every tests filter, ordered (by name by default) and paginated',
    querystring: projectScopeQuery.extend(testListQuery.shape),
    response: { 200: paginatedResponse(testResponse) },
  },
  create: {
    method: 'POST',
    path: TESTS,
    summary: 'Add one case to a plan as a test',
    body: testCreateBody,
    response: { 201: testResponse },
  },
  retrieve: { method: 'GET', path: TEST, summary: 'One test', response: { 200: testResponse } },
  update: { method: 'PATCH', ...testChange },
  replace: { method: 'PUT', ...testChange },
  archivePreview: {
    method: 'GET',
    path: `${TEST}archive/preview/`,
    summary: 'What archiving the test would archive',
    response: { 200: previewResponse },
  },
  deletePreview: {
    method: 'GET',
    path: `${TEST}delete/preview/`,
    summary: 'What deleting the test (through a bulk update) would delete',
    response: { 200: previewResponse },
  },
  archive: { method: 'POST', path: `${TEST}archive/`, summary: 'Archive a test and its results', response: { 200: testResponse } },
  restore: {
    method: 'POST',
    path: `${TESTS}archive/restore/`,
    summary: 'Restore archived tests',
    body: trashBody,
    response: { 200: z.array(testResponse) },
  },
  resultsUnion: {
    method: 'GET',
    path: `${TEST}results-union/`,
    summary: 'The test’s results and comments in one thread, oldest first unless ordered (`type` keeps one kind)',
    querystring: resultsUnionQuery,
    response: { 200: paginatedResponse(resultsUnionItem) },
  },
  trash: {
    method: 'GET',
    path: `${TESTS}deleted/`,
    summary: 'Deleted tests of one project (`?project=`) or of every project the caller can see',
    querystring: trashListQuery,
    response: { 200: paginatedResponse(testResponse) },
  },
  recover: {
    method: 'POST',
    path: `${TESTS}deleted/recover/`,
    summary: 'Recover tests with their results from the trash',
    body: trashBody,
    response: { 200: z.array(testResponse) },
  },
  remove: {
    method: 'POST',
    path: `${TESTS}deleted/remove/`,
    summary: 'Remove tests from the trash for good',
    body: trashBody,
    response: { 204: noContent },
  },
});
