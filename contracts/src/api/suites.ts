import { z } from 'zod';
import { idField, nullableIdField, queryParent } from './fields.ts';
import { messages } from '../messages.ts';
import { attributeValues } from '../events/suites.ts';
import { attachmentResponse } from './attachments.ts';
import { caseListQuery, caseResponse, caseTreeFilterQuery, caseUnionItem } from './cases.ts';
import { catalogueMessages, projectReference, projectScopeQuery, requiredText, trashBody, trashListQuery } from './project-catalogue.ts';
import { paginationQuery, queryDateTime } from './query.ts';
import { noContent, routeSet } from './route.ts';
import { count, id, paginatedResponse, previewResponse, timestamp } from './wire.ts';

export const SUITE_NAME_MAX = 100;

export const suiteMessages = {
  ownParent: 'Test Suite cannot be its own parent.',
  childOfItself: 'An element cannot be a child of itself.',
  parentUnknown: (parentId: number) => `Invalid pk "${parentId}" - object does not exist.`,
  parentElsewhere: 'The parent suite must be in the same project.',
  parentInTrash: 'The parent suite is deleted: recover it first.',
  missingAttributes: (names: readonly string[]) => `Missing following required attributes: ${pythonList(names)}`,
  emptyAttributes: (names: readonly string[]) => `Found empty required attributes: ${pythonList(names)}`,
  attributeKeyComma: 'Attribute names must not contain commas.',
  destinationElsewhere: 'The destination suite is not in the destination project.',
} as const;

/** How TestY prints a list of names in its messages: `['a', 'b']`. */
function pythonList(names: readonly string[]): string {
  return `[${names.map((name) => `'${name}'`).join(', ')}]`;
}

const parentReference = nullableIdField;
const attributesField = attributeValues.refine(
  (values) => Object.keys(values).every((key) => !key.includes(',')),
  suiteMessages.attributeKeyComma,
);
const attachmentIds = z.array(idField, { error: messages.notAList });

export const suiteCreateBody = z.object({
  name: requiredText(SUITE_NAME_MAX),
  project: projectReference,
  parent: parentReference.optional(),
  description: z.string({ error: catalogueMessages.notAString }).optional(),
  attributes: attributesField.optional(),
  attachments: attachmentIds.optional(),
});
export type SuiteCreateBody = z.output<typeof suiteCreateBody>;

/** PATCH and PUT: any of the fields; the project stays (a suite moves between projects only by copy). */
export const suitePatchBody = suiteCreateBody.omit({ project: true }).partial().extend({ project: projectReference.optional() });
export type SuitePatchBody = z.output<typeof suitePatchBody>;

const ORDER_FIELDS = 'id|name|descendant_count|total_cases_count|total_estimates|created_at|estimate';
const ordering = z
  .string()
  .regex(new RegExp(`^-?(${ORDER_FIELDS})(,-?(${ORDER_FIELDS}))*$`), messages.invalidOrdering)
  .optional();

/** `GET suites/` besides `?project=` (§3.2): one level (`parent`), searches, paths, creation range, order, page. */
export const suiteListQuery = paginationQuery.extend({
  parent: queryParent.optional(),
  search: z.string().optional(),
  treesearch: z.string().optional(),
  path: z.string().optional(),
  path_exact: z.string().optional(),
  test_suite_created_after: queryDateTime.optional(),
  test_suite_created_before: queryDateTime.optional(),
  ordering,
});
export type SuiteListQuery = z.output<typeof suiteListQuery>;

export const suiteDescendantsQuery = z.object({ parent: queryParent.optional() });

const suiteReference = z.strictObject({ id, name: z.string() });

/** A suite in lists (§3.2). */
export const suiteResponse = z.strictObject({
  id,
  name: z.string(),
  description: z.string(),
  parent: suiteReference.nullable(),
  project: id,
  url: z.string(),
  suite_path: z.string(),
  attributes: attributeValues,
  descendant_count: count,
  cases_count: count,
  total_cases_count: count,
  estimates: z.string().nullable(),
  total_estimates: z.string().nullable(),
  has_children: z.boolean(),
  created_at: timestamp,
});
export type Suite = z.output<typeof suiteResponse>;

export interface Breadcrumbs {
  id: number;
  title: string;
  parent: Breadcrumbs | null;
}
/** From the node up to the root (§2.8). */
export const breadcrumbsResponse: z.ZodType<Breadcrumbs> = z.lazy(() =>
  z.strictObject({ id, title: z.string(), parent: breadcrumbsResponse.nullable() }),
);

/** One suite (retrieve) adds its breadcrumbs and attachments. */
export const suiteDetailResponse = suiteResponse.extend({ breadcrumbs: breadcrumbsResponse, attachments: z.array(attachmentResponse) });
export type SuiteDetail = z.output<typeof suiteDetailResponse>;

/** What a create answers (201). */
export const suiteCreatedResponse = z.strictObject({
  id,
  name: z.string(),
  parent: suiteReference.nullable(),
  project: id,
  url: z.string(),
  description: z.string(),
  attributes: attributeValues,
  test_cases: z.array(id),
  /** Ids, as TestY answers a create (K1's kind). */
  attachments: z.array(id),
});

/** What an update answers. */
export const suiteUpdatedResponse = suiteCreatedResponse.omit({ test_cases: true, attachments: true });

export interface SuiteTreeNode {
  id: number;
  name: string;
  has_children: boolean;
  parent: { id: number; name: string } | null;
  children: SuiteTreeNode[];
}
/** The flat-built tree of `descendants-tree/` (§2.8). */
export const suiteTreeNode: z.ZodType<SuiteTreeNode> = z.lazy(() =>
  z.strictObject({ id, name: z.string(), has_children: z.boolean(), parent: suiteReference.nullable(), children: z.array(suiteTreeNode) }),
);
export const suiteTreeResponse = z.array(suiteTreeNode);

export const ancestorsResponse = z.array(id);

/** `suites/union/`: one level of the tree view, suites first, then the parent suite's cases (§3.2, §4.20). */
export const suiteUnionQuery = paginationQuery.extend({
  parent: queryParent.optional(),
  ordering: z
    .string()
    .regex(/^-?(id|name|created_at|estimate)(,-?(id|name|created_at|estimate))*$/, messages.invalidOrdering)
    .optional(),
});

/** A suite in the tree view: the list fields but `url`, with the matching cases under it. */
export const suiteUnionItem = suiteResponse.omit({ url: true }).extend({ is_leaf: z.literal(false), union_count: count });

/** `POST suites/copy/`: whole subtrees with their cases, under another suite or into another project (§3.2, §4.19). */
export const suiteCopyBody = z.object({
  suites: z
    .array(z.object({ id, new_name: requiredText(SUITE_NAME_MAX).optional() }), { error: messages.notAList })
    .min(1, messages.required),
  dst_project_id: projectReference.optional(),
  dst_suite_id: id.optional(),
});
export const suiteCopiedResponse = z.array(suiteUpdatedResponse);

/** `GET suites/{id}/plans/`: the plans of the tests of the suite's own cases, one id per test. */
export const suitePlansResponse = z.strictObject({ plan_ids: z.array(id) });

const suiteBase = '/api/v2/suites/';
const suiteDetail = '/api/v2/suites/:id(^\\d+)/';
const suiteChange = {
  path: suiteDetail,
  summary: 'Change or move a suite (`parent`)',
  body: suitePatchBody,
  response: { 200: suiteUpdatedResponse },
} as const;

/** `suites/` (§3.2, §2.7, §2.8): lists and levels, one suite, its place in the tree, changes and the trash. */
export const suiteRoutes = routeSet('suites', {
  list: {
    method: 'GET',
    path: suiteBase,
    summary: 'A project’s suites (`?project=`): one level with `parent`, searched, in an order, paginated',
    querystring: projectScopeQuery.extend(suiteListQuery.shape),
    response: { 200: paginatedResponse(suiteResponse) },
  },
  create: { method: 'POST', path: suiteBase, summary: 'Create a suite', body: suiteCreateBody, response: { 201: suiteCreatedResponse } },
  retrieve: { method: 'GET', path: suiteDetail, summary: 'One suite with its breadcrumbs', response: { 200: suiteDetailResponse } },
  update: { method: 'PATCH', ...suiteChange },
  replace: { method: 'PUT', ...suiteChange },
  destroy: { method: 'DELETE', path: suiteDetail, summary: 'Delete a suite and its subtree (to the trash)', response: { 204: noContent } },
  deletePreview: {
    method: 'GET',
    path: `${suiteDetail}delete/preview/`,
    summary: 'What deleting the suite would delete',
    response: { 200: previewResponse },
  },
  ancestors: {
    method: 'GET',
    path: `${suiteDetail}ancestors/`,
    summary: 'The ids of the suite’s ancestors',
    response: { 200: ancestorsResponse },
  },
  breadcrumbs: {
    method: 'GET',
    path: `${suiteDetail}breadcrumbs/`,
    summary: 'The suite and its ancestors, nested',
    response: { 200: breadcrumbsResponse },
  },
  descendantsTree: {
    method: 'GET',
    path: `${suiteDetail}descendants-tree/`,
    summary: 'The suite’s subtree',
    response: { 200: suiteTreeResponse },
  },
  tree: {
    method: 'GET',
    path: `${suiteBase}descendants-tree/`,
    summary: 'A project’s suite tree (`?project=`), or a suite’s subtree (`&parent=`)',
    querystring: projectScopeQuery.extend(suiteDescendantsQuery.shape),
    response: { 200: suiteTreeResponse },
  },
  copy: {
    method: 'POST',
    path: `${suiteBase}copy/`,
    summary: 'Copy suites with their subtrees and cases, under another suite or into another project',
    body: suiteCopyBody,
    response: { 200: suiteCopiedResponse },
  },
  union: {
    method: 'GET',
    path: `${suiteBase}union/`,
    summary:
      'One level of the tree view (`?project=&parent=`): its suites with their matching cases ' +
      'counted, then the parent’s cases; without `parent` (or with `null`), the root suites',
    querystring: projectScopeQuery.extend(suiteUnionQuery.shape).extend(caseTreeFilterQuery.shape),
    response: { 200: paginatedResponse(z.union([suiteUnionItem, caseUnionItem])) },
  },
  cases: {
    method: 'GET',
    path: `${suiteDetail}cases/`,
    summary: 'The suite’s cases, or its subtree’s (`show_descendants`), with the case filters',
    querystring: caseListQuery,
    response: { 200: paginatedResponse(caseResponse) },
  },
  plans: {
    method: 'GET',
    path: `${suiteDetail}plans/`,
    summary: 'The plans holding tests of the suite’s own cases, once per test',
    response: { 200: suitePlansResponse },
  },
  trash: {
    method: 'GET',
    path: `${suiteBase}deleted/`,
    summary: 'Deleted suites of one project (`?project=`) or of every project the caller can see',
    querystring: trashListQuery,
    response: { 200: paginatedResponse(suiteResponse) },
  },
  recover: {
    method: 'POST',
    path: `${suiteBase}deleted/recover/`,
    summary: 'Recover suites with their subtrees from the trash',
    body: trashBody,
    response: { 200: z.array(suiteResponse) },
  },
  remove: {
    method: 'POST',
    path: `${suiteBase}deleted/remove/`,
    summary: 'Remove suites from the trash for good',
    body: trashBody,
    response: { 204: noContent },
  },
});
