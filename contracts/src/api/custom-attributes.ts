import { z } from 'zod';
import { booleanField, idArrayField, queryId, queryIdList } from './fields.ts';
import { contentTypeResponse } from '../content-types.ts';
import { catalogueRoutes, numberChoice, projectReference, projectScopeQuery, requiredText } from './project-catalogue.ts';
import { routeSet } from './route.ts';
import { id } from './wire.ts';

export const customAttributeMessages = {
  oneActive: 'At least one applied to must be active',
  nameTaken: 'A custom attribute with this name already exists in this project.',
  nameComma: 'The name must not contain commas.',
  unknownStatus: (id: number) => `Status ${id} is not a status of this project.`,
} as const;

const target = z.object({ is_required: booleanField.optional(), is_active: booleanField.optional() });

/**
 * `applied_to` as clients send it; a present entry is active unless it says `is_active: false`.
 * Keys it does not know are ignored, as TestY's serializer does (its clients send `is_suite_specific`).
 */
export const appliedToBody = z
  .object({
    testplan: target.optional(),
    testsuite: target.optional(),
    testcase: target.extend({ suite_ids: idArrayField.optional() }).optional(),
    testresult: target.extend({ suite_ids: idArrayField.optional(), status_specific: idArrayField.nullable().optional() }).optional(),
  })
  .refine((appliedTo) => Object.values(appliedTo).some((entry) => entry && entry.is_active !== false), customAttributeMessages.oneActive);
export type AppliedToBody = z.output<typeof appliedToBody>;

const customAttributeFields = {
  name: requiredText(255).refine((name) => !name.includes(','), customAttributeMessages.nameComma),
  /** 0 Text, 1 List, 2 JSON. */
  type: numberChoice([0, 1, 2]),
  project: projectReference,
  applied_to: appliedToBody,
};

export const customAttributeCreateBody = z.object(customAttributeFields);
export type CustomAttributeCreateBody = z.output<typeof customAttributeCreateBody>;

export const customAttributePatchBody = z.object(customAttributeFields).partial();
export type CustomAttributePatchBody = z.output<typeof customAttributePatchBody>;

export const customAttributeListQuery = z.object({ suite: queryId.optional() });

const idList = queryIdList.transform((ids) => ids.split(',').map(Number));

/**
 * `custom-attributes/testresult/`: the attributes the bulk-result form asks for,
 * for a status and the suites given, or those of the tests a bulk selection
 * covers (the tests list's selection and its filters, beside these keys).
 */
export const testResultAttributesQuery = z.object({
  status_id: queryId.optional(),
  suite: queryIdList.optional(),
  current_plan: queryId.transform(Number).optional(),
  included_tests: idList.optional(),
  excluded_tests: idList.optional(),
  included_plans: idList.optional(),
});
export type TestResultAttributesQuery = z.output<typeof testResultAttributesQuery>;

/** Where an attribute applies, as the server answers it: one target per model. */
const appliedToTarget = z.strictObject({ is_required: z.boolean(), is_active: z.boolean() });
export type AppliedToTarget = z.output<typeof appliedToTarget>;

/** `applied_to` in answers (§3.11): only the models the attribute applies to. Empty lists mean every suite, any status. */
export const appliedToResponse = z.strictObject({
  testcase: appliedToTarget.extend({ suite_ids: z.array(id) }).optional(),
  testplan: appliedToTarget.optional(),
  testsuite: appliedToTarget.optional(),
  testresult: appliedToTarget.extend({ suite_ids: z.array(id), status_specific: z.array(id) }).optional(),
});

/** The CustomAttribute object (§3.11). */
export const customAttributeResponse = z.strictObject({
  id,
  url: z.string(),
  project: id,
  name: z.string(),
  /** 0 Text, 1 List, 2 JSON. */
  type: z.literal([0, 1, 2]),
  is_deleted: z.boolean(),
  applied_to: appliedToResponse,
});
export type CustomAttribute = z.output<typeof customAttributeResponse>;

const resultAttribute = z.strictObject({ name: z.string(), is_required: z.boolean() });

/** `custom-attributes/testresult/`: the result attributes for every suite, and those limited to some suites. */
export const testResultAttributesResponse = z.strictObject({
  non_suite_specific: z.array(resultAttribute),
  suite_specific: z.array(z.strictObject({ suite_id: id, suite_name: z.string(), values: z.array(resultAttribute) })),
});
export type TestResultAttributes = z.output<typeof testResultAttributesResponse>;

/** `custom-attributes/` (the catalogue's endpoints). */
export const customAttributeRoutes = catalogueRoutes('custom-attributes', {
  itemName: 'custom attribute',
  createBody: customAttributeCreateBody,
  patchBody: customAttributePatchBody,
  response: customAttributeResponse,
  listQuery: customAttributeListQuery,
});

/** The two helpers beside the catalogue: what attributes apply to, and what a result asks for. */
export const customAttributeLookupRoutes = routeSet('custom-attributes', {
  contentTypes: {
    method: 'GET',
    path: '/api/v2/custom-attributes/content-types/',
    summary: 'The models custom attributes can apply to',
    response: { 200: z.array(contentTypeResponse) },
  },
  resultAttributes: {
    method: 'GET',
    path: '/api/v2/custom-attributes/testresult/',
    summary: 'The result attributes a project asks for, given a status (`?status_id=`) and suites (`?suite=1,2`)',
    querystring: projectScopeQuery.extend(testResultAttributesQuery.shape),
    response: { 200: testResultAttributesResponse },
  },
});
