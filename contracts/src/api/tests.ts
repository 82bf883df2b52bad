import { asOfQuery } from './audit.ts';
import { z } from 'zod';
import { booleanField, idField, nullableIdField, queryBoolean, queryIdList, queryIdOrNullList } from './fields.ts';
import { messages } from '../messages.ts';
import { catalogueMessages } from './project-catalogue.ts';
import { paginationQuery, queryDateTime } from './query.ts';
import { id, timestamp } from './wire.ts';

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
export const testListQuery = paginationQuery.extend({ ...testFilterQuery.shape, ...asOfQuery.shape, show_descendants: queryBoolean.optional(), ordering: testOrdering });
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

