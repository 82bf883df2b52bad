import { z } from 'zod';

/**
 * Content types: the numeric ids generic owners (attachments, comments, label
 * assignments, integrations) use to name a model (§4.1). Stable across
 * installations; never renumber, only append.
 */
export const contentTypeResponse = z.strictObject({
  id: z.number().int().positive(),
  app_label: z.string(),
  model: z.string(),
  name: z.string(),
});
export type ContentType = z.output<typeof contentTypeResponse>;

export const CONTENT_TYPES: readonly ContentType[] = [
  { id: 1, app_label: 'core', model: 'project', name: 'project' },
  { id: 2, app_label: 'core', model: 'attachment', name: 'attachment' },
  { id: 3, app_label: 'core', model: 'label', name: 'label' },
  { id: 4, app_label: 'core', model: 'labeleditem', name: 'labeled item' },
  { id: 5, app_label: 'core', model: 'customattribute', name: 'custom attribute' },
  { id: 6, app_label: 'tests_description', model: 'testsuite', name: 'test suite' },
  { id: 7, app_label: 'tests_description', model: 'testcase', name: 'test case' },
  { id: 8, app_label: 'tests_description', model: 'testcasestep', name: 'test case step' },
  { id: 9, app_label: 'tests_representation', model: 'parameter', name: 'parameter' },
  { id: 10, app_label: 'tests_representation', model: 'testplan', name: 'test plan' },
  { id: 11, app_label: 'tests_representation', model: 'resultstatus', name: 'result status' },
  { id: 12, app_label: 'tests_representation', model: 'test', name: 'test' },
  { id: 13, app_label: 'tests_representation', model: 'testresult', name: 'test result' },
  { id: 14, app_label: 'tests_representation', model: 'teststepresult', name: 'test step result' },
  { id: 15, app_label: 'comments', model: 'comment', name: 'comment' },
  { id: 16, app_label: 'users', model: 'user', name: 'user' },
  { id: 17, app_label: 'users', model: 'role', name: 'role' },
  { id: 18, app_label: 'users', model: 'membership', name: 'membership' },
];

export function contentTypeOf(model: string): ContentType {
  const found = CONTENT_TYPES.find((type) => type.model === model);
  if (!found) throw new Error(`unknown content type ${model}`);
  return found;
}

/** The models custom attributes apply to, in the order `custom-attributes/content-types/` lists them (testresult last). */
export const CUSTOM_ATTRIBUTE_MODELS = ['testcase', 'testplan', 'testsuite', 'testresult'] as const;
export type CustomAttributeModel = (typeof CUSTOM_ATTRIBUTE_MODELS)[number];
