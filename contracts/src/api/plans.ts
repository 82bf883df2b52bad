import { asOfQuery } from './audit.ts';
import { z } from 'zod';
import { booleanField, idArrayField, idField, nullableIdField, queryBoolean, queryId, queryIdList, queryParent } from './fields.ts';
import { messages } from '../messages.ts';
import { attributeValues } from '../events/suites.ts';
import { attachmentResponse } from './attachments.ts';
import { catalogueMessages, projectReference, projectScopeQuery, requiredText, trashBody, trashListQuery } from './project-catalogue.ts';
import { paginationQuery, queryDateTime } from './query.ts';
import { planActivityQuery, planActivityResponse, planHistogramQuery, planHistogramResponse } from './analytics.ts';
import { labelResponse } from './labels.ts';
import { noContent, routeSet } from './route.ts';
import { statusResponse } from './statuses.ts';
import { ancestorsResponse, breadcrumbsResponse, suiteDescendantsQuery } from './suites.ts';
import { testFilterQuery, testListQuery, testResponse } from './tests.ts';
import { count, id, paginatedResponse, previewResponse, timestamp } from './wire.ts';

export const planMessages = {
  statisticsScope: 'Invalid statistic query parameter, set parent or project',
  ownParent: 'Test Plan cannot be its own parent.',
  childOfItself: 'An element cannot be a child of itself.',
  parentUnknown: (parentId: number) => `Invalid pk "${parentId}" - object does not exist.`,
  parentArchived: 'Cannot create or move a test plan under an archived test plan.',
  parentInTrash: 'The parent test plan is deleted: recover it first.',
  datesOrder: 'Start date must be earlier than due date.',
  caseArchived: (caseIds: readonly number[]) => `Archived test cases cannot be added to a test plan: ${caseIds.join(', ')}`,
  caseUnknown: (caseId: number) => `Invalid pk "${caseId}" - object does not exist.`,
  parameterUnknown: (parameterId: number) => `Invalid pk "${parameterId}" - object does not exist.`,
  copyNameRequired: 'New plan name is required',
} as const;

/**
 * A test with no last status (§4.5): not a status row, shown with this label and colour: a neutral grey
 * apart from the system statuses' colours (contracts/src/statuses.ts), where TestY's was Broken's grey.
 */
export const UNTESTED_SLICE = { label: 'UNTESTED', color: '#868A90' } as const;

/**
 * `testplans/statistics/`: the whole project with `project=` and no (or a `null`) `parent`, a plan's subtree with `parent=` (or
 * `testplans/{id}/statistics/`); the tests filters narrow it.
 */
export const planStatisticsQuery = testFilterQuery.extend({
  ...asOfQuery.shape,
  project: z.string().optional(),
  parent: z.string().optional(),
  estimate_period: z
    .enum(['minutes', 'hours', 'days', 'seconds'], { error: (issue) => catalogueMessages.invalidChoice(issue.input) })
    .optional(),
  root_only: queryBoolean.optional(),
  /** Child-plan mode: one list per plan, each over its subtree. */
  plan_ids: queryIdList.optional(),
});

/** One status group of the "Tests Count" and "Test Estimates" charts (§3.4 StatusSlice). */
export const statusSliceResponse = z.strictObject({
  id: id.nullable(),
  label: z.string(),
  color: z.string(),
  value: count,
  /** The estimates' sum in the chosen unit (a day is 8 hours), rounded to 2 decimals. */
  estimates: z.number(),
  empty_estimates: count,
});
export type StatusSlice = z.output<typeof statusSliceResponse>;

/** The statistics: one list, or one per plan in child-plan mode (`plan_ids`). */
export const planStatisticsResponse = z.union([z.array(statusSliceResponse), z.record(z.string(), z.array(statusSliceResponse))]);

/** The period of `projects/{id}/progress/` and `testplans/{id}/progress/` (default the last 7 days, whole days). */
export const planProgressQuery = z.object({ start_date: queryDateTime.optional(), end_date: queryDateTime.optional() });

/** `projects/{id}/progress/`: one row per root plan that is not archived; `testplans/{id}/progress/`: per direct child plan (§4.7, D13). */
export const planProgressResponse = z.strictObject({
  id,
  title: z.string(),
  tests_total: count,
  tests_progress_period: count,
  tests_progress_total: count,
});
export type PlanProgress = z.output<typeof planProgressResponse>;

/** A timestamp in a body, as DRF's DateTimeField takes it; normalised to ISO-8601 UTC. */
const bodyDateTime = queryDateTime.transform((value) => new Date(value).toISOString());

/** `POST testplans/` (§3.4): one plan per parameter combination, each with a test per case. */
export const planCreateBody = z.object({
  name: requiredText(255),
  project: projectReference,
  parent: nullableIdField.optional(),
  started_at: bodyDateTime,
  due_date: bodyDateTime,
  finished_at: bodyDateTime.nullable().optional(),
  description: z.string({ error: catalogueMessages.notAString }).optional(),
  attributes: attributeValues.optional(),
  attachments: idArrayField.optional(),
  test_cases: idArrayField.optional(),
  parameters: idArrayField.optional(),
  is_archive: booleanField.optional(),
});
export type PlanCreateBody = z.output<typeof planCreateBody>;

/** PATCH and PUT: any subset; `test_cases` is the complete desired set (D8). */
export const planPatchBody = planCreateBody.omit({ parameters: true }).partial();
export type PlanPatchBody = z.output<typeof planPatchBody>;

const PLAN_ORDER = 'started_at|created_at|name|id';
const planDates = {
  test_plan_started_after: queryDateTime.optional(),
  test_plan_started_before: queryDateTime.optional(),
  test_plan_created_after: queryDateTime.optional(),
  test_plan_created_before: queryDateTime.optional(),
};

/** The plan filters of the lists and the union view (§3.4). */
export const planFilterQuery = z.object({
  ...planDates,
  parameters: queryIdList.optional(),
  attributes: z.string().optional(),
  any_attributes: z.string().optional(),
});

/** `GET testplans/?project=` (§3.4). */
export const planListQuery = paginationQuery.extend({
  ...planFilterQuery.shape,
  parent: queryParent.optional(),
  search: z.string().optional(),
  treesearch: z.string().optional(),
  is_archive: queryBoolean.optional(),
  ordering: z
    .string()
    .regex(new RegExp(`^-?(${PLAN_ORDER})(,-?(${PLAN_ORDER}))*$`), messages.invalidOrdering)
    .optional(),
});
export type PlanListQuery = z.output<typeof planListQuery>;

/** `GET projects/{id}/testplans/`: archived roots only when asked for (§2.6). */
export const projectPlansQuery = z.object({ is_archive: queryBoolean.optional() });

const planReference = z.strictObject({ id, name: z.string() });

/** The Plan object (§3.4). */
export const planResponse = z.strictObject({
  id,
  name: z.string(),
  title: z.string(),
  description: z.string(),
  parent: planReference.nullable(),
  parameters: z.array(id),
  started_at: timestamp,
  due_date: timestamp,
  finished_at: timestamp.nullable(),
  created_at: timestamp,
  is_archive: z.boolean(),
  project: id,
  url: z.string(),
  has_children: z.boolean(),
  attributes: attributeValues,
  attachments: z.array(attachmentResponse),
});
export type Plan = z.output<typeof planResponse>;

/** PlanMin, what a create answers, in an array (K2). */
export const planCreatedResponse = z.array(
  z.strictObject({
    id,
    url: z.string(),
    parent: planReference.nullable(),
    attachments: z.array(id),
    name: z.string(),
    project: id,
    started_at: timestamp,
    due_date: timestamp,
    finished_at: timestamp.nullable(),
    is_archive: z.boolean(),
    description: z.string(),
    attributes: attributeValues,
    /** Ancestor ids and its own, joined by dots (§2.8). */
    path: z.string(),
    deleted_at: timestamp.nullable(),
    parameters: z.array(id),
  }),
);

const UNION_ORDER = 'id|is_leaf|started_at|created_at|name|assignee_username|suite_path|estimate';
/** `testplans/union/` (§3.4): `parent` is required (K7). */
export const planUnionQuery = paginationQuery.extend({
  ...testFilterQuery.shape,
  ...planFilterQuery.shape,
  parent: z.string({ error: messages.required }).pipe(queryParent),
  ordering: z
    .string()
    .regex(new RegExp(`^-?(${UNION_ORDER})(,-?(${UNION_ORDER}))*$`), messages.invalidOrdering)
    .optional(),
});

/** A plan in the union view: the Plan fields but `url` and `attachments`, with its subtree's matching tests counted and estimated. */
export const planUnionItem = planResponse.omit({ url: true, attachments: true }).extend({
  is_leaf: z.literal(false),
  estimate: z.string().nullable(),
  union_count: count,
});

/** A test in the union view. */
export const testUnionItem = testResponse.omit({ url: true, plan_path: true }).extend({ is_leaf: z.literal(true) });

/** `testplans/{id}/cases/`: the cases of the plan's live, unarchived tests (D8). */
export const planCasesQuery = z.object({ include_children: queryBoolean.optional() });
export const planCasesResponse = z.strictObject({ case_ids: z.array(id) });

export interface PlanTreeNode {
  id: number;
  title: string;
  has_children: boolean;
  parent: { id: number; title: string } | null;
  children: PlanTreeNode[];
}
/** The flat-built tree of `descendants-tree/` (§2.8). */
export const planTreeNode: z.ZodType<PlanTreeNode> = z.lazy(() =>
  z.strictObject({
    id,
    title: z.string(),
    has_children: z.boolean(),
    parent: z.strictObject({ id, title: z.string() }).nullable(),
    children: z.array(planTreeNode),
  }),
);
export const planTreeResponse = z.array(planTreeNode);

/** `POST testplans/copy/` (§3.4, §4.19): subtrees under `dst_plan` (or as roots), with their unarchived tests and no results. */
export const planCopyBody = z.object({
  plans: z
    .array(
      z.object({
        plan: idField,
        new_name: z
          .string({ error: catalogueMessages.notAString })
          .trim()
          .min(1, planMessages.copyNameRequired)
          .max(255, messages.maxLength(255))
          .optional(),
        started_at: bodyDateTime.optional(),
        due_date: bodyDateTime.optional(),
      }),
      { error: messages.notAList },
    )
    .min(1, messages.required),
  dst_plan: nullableIdField.optional(),
  keep_assignee: booleanField.optional(),
});
export type PlanCopyBody = z.output<typeof planCopyBody>;

/** `testplans/assignee-progress/`: one level of plans whose unarchived subtree holds tests assigned to `assignee`. */
export const assigneeProgressQuery = paginationQuery.extend({
  parent: queryParent.optional(),
  assignee: z.string({ error: messages.required }).pipe(queryId),
  search: z.string().optional(),
  treesearch: z.string().optional(),
});
export const assigneeProgressItem = planResponse
  .omit({ url: true, attachments: true })
  .extend({ is_leaf: z.literal(false), total_tests: count, tests_progress_total: count });

/** `testplans/labels/?project=&parent=` and `testplans/suites/?project=&parent=`: a project's plans, or one plan's subtree. */
export const planScopeQuery = z.object({
  project: queryId.optional(),
  parent: queryParent.optional(),
  show_descendants: queryBoolean.optional(),
});

export interface PlanSuiteNode {
  id: number;
  name: string;
  parent: { id: number; name: string } | null;
  has_children: boolean;
  /** The suite itself holds cases the plan's tests use. */
  is_used: boolean;
  children: PlanSuiteNode[];
}
/** The suites the tests of a plan (or a project) use, with their ancestors, as a flat-built tree (§3.4). */
export const planSuiteNode: z.ZodType<PlanSuiteNode> = z.lazy(() =>
  z.strictObject({
    id,
    name: z.string(),
    parent: planReference.nullable(),
    has_children: z.boolean(),
    is_used: z.boolean(),
    children: z.array(planSuiteNode),
  }),
);
export const planSuitesResponse = z.array(planSuiteNode);

const PLANS = '/api/v2/testplans/';
const PLAN = '/api/v2/testplans/:id(^\\d+)/';
const planChange = {
  path: PLAN,
  summary: 'Change or move a plan; `test_cases` is the complete set of its cases (tests with results are archived, not deleted: D8)',
  body: planPatchBody,
  response: { 200: planResponse },
} as const;

/** `testplans/` (§3.4, §2.7, §2.8): lists, one plan, its place in the tree, changes with the tests following, archive and the trash. */
export const planRoutes = routeSet('plans', {
  list: {
    method: 'GET',
    path: PLANS,
    summary:
      'A project’s plans (`?project=`): one level with `parent`, searched by ' +
      'title, filtered by dates, parameters and attributes, ordered, paginated',
    querystring: projectScopeQuery.extend(planListQuery.shape),
    response: { 200: paginatedResponse(planResponse) },
  },
  projectRoots: {
    method: 'GET',
    path: '/api/v2/projects/:id(^\\d+)/testplans/',
    summary: 'A project’s root plans, not paginated (archived ones with `is_archive=true`)',
    querystring: projectPlansQuery,
    response: { 200: z.array(planResponse) },
  },
  create: {
    method: 'POST',
    path: PLANS,
    summary: 'Create a plan, one per combination of its parameters, each with a test per case',
    body: planCreateBody,
    response: { 201: planCreatedResponse },
  },
  retrieve: {
    method: 'GET',
    path: PLAN,
    summary: 'One plan; with `as_of`, as it was then',
    querystring: asOfQuery,
    response: { 200: planResponse },
  },
  update: { method: 'PATCH', ...planChange },
  replace: { method: 'PUT', ...planChange },
  destroy: {
    method: 'DELETE',
    path: PLAN,
    summary: 'Delete a plan, its subtree, their tests and results (to the trash)',
    response: { 204: noContent },
  },
  deletePreview: {
    method: 'GET',
    path: `${PLAN}delete/preview/`,
    summary: 'What deleting the plan would delete',
    response: { 200: previewResponse },
  },
  archivePreview: {
    method: 'GET',
    path: `${PLAN}archive/preview/`,
    summary: 'What archiving the plan would archive',
    response: { 200: previewResponse },
  },
  archive: {
    method: 'POST',
    path: `${PLAN}archive/`,
    summary: 'Archive a plan with its subtree, tests and results',
    response: { 200: planResponse },
  },
  restore: {
    method: 'POST',
    path: `${PLANS}archive/restore/`,
    summary: 'Restore archived plans with what was archived with them',
    body: trashBody,
    response: { 200: z.array(planResponse) },
  },
  ancestors: { method: 'GET', path: `${PLAN}ancestors/`, summary: 'The ids of the plan’s ancestors', response: { 200: ancestorsResponse } },
  breadcrumbs: {
    method: 'GET',
    path: `${PLAN}breadcrumbs/`,
    summary: 'The plan and its ancestors, nested, by title',
    response: { 200: breadcrumbsResponse },
  },
  subtree: { method: 'GET', path: `${PLAN}descendants-tree/`, summary: 'The plan’s subtree', response: { 200: planTreeResponse } },
  tree: {
    method: 'GET',
    path: `${PLANS}descendants-tree/`,
    summary: 'A project’s plan tree (`?project=`), or a plan’s subtree (`&parent=`)',
    querystring: projectScopeQuery.extend(suiteDescendantsQuery.shape),
    response: { 200: planTreeResponse },
  },
  cases: {
    method: 'GET',
    path: `${PLAN}cases/`,
    summary: 'The cases of the plan’s live, unarchived tests (D8); of its subtree unless `include_children=false`',
    querystring: planCasesQuery,
    response: { 200: planCasesResponse },
  },
  union: {
    method: 'GET',
    path: `${PLANS}union/`,
    summary:
      'One level of the plans tree view (`?project=&parent=`, parent required): its ' +
      'plans with their matching tests counted and estimated, then the parent’s own tests',
    querystring: projectScopeQuery.extend(planUnionQuery.shape),
    response: { 200: paginatedResponse(z.union([planUnionItem, testUnionItem])) },
  },
  tests: {
    method: 'GET',
    path: `${PLAN}tests/`,
    summary: 'The plan’s tests, or its subtree’s (`show_descendants`), with every tests filter, by creation unless ordered',
    querystring: testListQuery,
    response: { 200: paginatedResponse(testResponse) },
  },
  statistics: {
    method: 'GET',
    path: `${PLANS}statistics/`,
    summary: 'Tests per last status, with estimates, in a project or a plan’s subtree, under the tests filters',
    querystring: planStatisticsQuery,
    response: { 200: planStatisticsResponse },
  },
  statisticsOfPlan: {
    method: 'GET',
    path: `${PLAN}statistics/`,
    summary: 'Tests per last status, with estimates, in the plan’s subtree (`root_only`: the plan alone)',
    querystring: planStatisticsQuery,
    response: { 200: planStatisticsResponse },
  },
  projectProgress: {
    method: 'GET',
    path: '/api/v2/projects/:id(^\\d+)/progress/',
    summary: 'Progress of each root plan of the project that is not archived, in a period',
    querystring: planProgressQuery,
    response: { 200: z.array(planProgressResponse) },
  },
  progress: {
    method: 'GET',
    path: `${PLAN}progress/`,
    summary: 'Progress of each direct child plan that is not archived, in a period (D13)',
    querystring: planProgressQuery,
    response: { 200: z.array(planProgressResponse) },
  },
  histogram: {
    method: 'GET',
    path: `${PLANS}histogram/`,
    summary: 'Results per day (or per value of a result attribute) and status in a project or a plan’s subtree, under the tests filters',
    querystring: planHistogramQuery,
    response: { 200: planHistogramResponse },
  },
  histogramOfPlan: {
    method: 'GET',
    path: `${PLAN}histogram/`,
    summary: 'Results per day (or per value of a result attribute) and status in the plan’s subtree (`root_only`: the plan alone)',
    querystring: planHistogramQuery,
    response: { 200: planHistogramResponse },
  },
  activity: {
    method: 'GET',
    path: `${PLAN}activity/`,
    summary: 'The history of the results in the plan’s subtree: a page of rows grouped by UTC day',
    querystring: planActivityQuery,
    response: { 200: planActivityResponse },
  },
  activityStatuses: {
    method: 'GET',
    path: `${PLAN}activity/statuses/`,
    summary: 'The statuses met in the history of the plan’s subtree, in the project’s order (the activity’s status filter)',
    response: { 200: z.array(statusResponse) },
  },
  trash: {
    method: 'GET',
    path: `${PLANS}deleted/`,
    summary: 'Deleted plans of one project (`?project=`) or of every project the caller can see',
    querystring: trashListQuery,
    response: { 200: paginatedResponse(planResponse) },
  },
  recover: {
    method: 'POST',
    path: `${PLANS}deleted/recover/`,
    summary: 'Recover plans with their subtrees and tests from the trash',
    body: trashBody,
    response: { 200: z.array(planResponse) },
  },
  remove: {
    method: 'POST',
    path: `${PLANS}deleted/remove/`,
    summary: 'Remove plans from the trash for good, with their tests and results',
    body: trashBody,
    response: { 204: noContent },
  },
  copy: {
    method: 'POST',
    path: `${PLANS}copy/`,
    summary: 'Copy plans with their subtrees and unarchived tests (no results), under another plan or as roots',
    body: planCopyBody,
    response: { 200: z.array(planResponse) },
  },
  labels: {
    method: 'GET',
    path: `${PLANS}labels/`,
    summary: 'The labels of the cases of the tests in a project (`?project=`) or a plan’s subtree (`&parent=`)',
    querystring: planScopeQuery,
    response: { 200: z.array(labelResponse) },
  },
  labelsOfPlan: {
    method: 'GET',
    path: `${PLAN}labels/`,
    summary: 'The labels of the cases of the tests in the plan’s subtree',
    response: { 200: z.array(labelResponse) },
  },
  suites: {
    method: 'GET',
    path: `${PLANS}suites/`,
    summary: 'The suites the tests of a project or a plan’s subtree use, as a tree (`is_used`: the suite itself holds used cases)',
    querystring: planScopeQuery,
    response: { 200: planSuitesResponse },
  },
  suitesOfPlan: {
    method: 'GET',
    path: `${PLAN}suites/`,
    summary: 'The suites the tests of the plan’s subtree use, as a tree',
    response: { 200: planSuitesResponse },
  },
  statuses: {
    method: 'GET',
    path: `${PLAN}statuses/`,
    summary: 'The statuses that are the last status of a test in the plan’s subtree, in the project’s order',
    response: { 200: z.array(statusResponse) },
  },
  assigneeProgress: {
    method: 'GET',
    path: `${PLANS}assignee-progress/`,
    summary:
      'Assigned to me: one level of plans whose unarchived subtree holds tests ' +
      'assigned to `assignee`, newest first, with how many of those have a status',
    querystring: projectScopeQuery.extend(assigneeProgressQuery.shape),
    response: { 200: paginatedResponse(assigneeProgressItem) },
  },
});
