import type { Attachment, CustomAttribute, TestResultAttributes } from '@testament/contracts';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { formMessages } from '../../../forms/form-messages.ts';
import { attributeKey, readAttributeValue } from '../../../entities/custom-attribute/attribute-value.ts';
import type { AttributeType } from '../../../entities/custom-attribute/custom-attribute.ts';
import type { TestsChange } from './tests-bulk-target.ts';

/** The bulk add-results wizard's steps, in order (tests-and-results §4). */
export const BULK_RESULT_STEPS = ['status', 'common', 'specific', 'additional'] as const;
export type BulkResultStep = (typeof BULK_RESULT_STEPS)[number];

export interface BulkResultValues {
  status: number | null;
  /** The attributes of every suite, as typed, by `attributeKey`. */
  attributes: Record<string, string>;
  /** Each suite's own attributes, by `suiteKey`, then by `attributeKey`. */
  suites: Record<string, Record<string, string>>;
  comment: string;
  attachments: Attachment[];
}

export const EMPTY_BULK_RESULT: BulkResultValues = { status: null, attributes: {}, suites: {}, comment: '', attachments: [] };

/** Form paths cannot hold bare numbers as keys of an object. */
export const suiteKey = (suiteId: number) => `suite${suiteId}`;

export interface SuiteFields {
  id: number;
  name: string;
  attributes: CustomAttribute[];
}

/**
 * The attributes the chosen status asks for: those of every suite, then those of each selected suite (§3 "Bulk result attribute groups").
 */
export interface BulkResultFields {
  common: CustomAttribute[];
  suites: SuiteFields[];
  /** Names of the attributes a value is required for. */
  required: ReadonlySet<string>;
}

/**
 * The server's answer names attributes; the project's catalogue gives each its
 * type and id, which the inputs and the form's paths go by.
 */
export function bulkResultFields(answer: TestResultAttributes, attributes: readonly CustomAttribute[]): BulkResultFields {
  const byName = new Map(
    attributes
      .filter((attribute) => !attribute.is_deleted && attribute.applied_to.testresult)
      .map((attribute) => [attribute.name, attribute]),
  );
  const known = (names: ReadonlyArray<{ name: string }>) => names.flatMap(({ name }) => byName.get(name) ?? []);
  const required = [...answer.non_suite_specific, ...answer.suite_specific.flatMap((suite) => suite.values)]
    .filter((value) => value.is_required)
    .map((value) => value.name);
  return {
    common: known(answer.non_suite_specific),
    suites: answer.suite_specific
      .map((suite) => ({ id: suite.suite_id, name: suite.suite_name, attributes: known(suite.values) }))
      .filter((suite) => suite.attributes.length > 0),
    required: new Set(required),
  };
}

interface StepIssue {
  /** The field's path in the form, dotted. */
  path: string;
  message: string;
}

/** What keeps Next from leaving a step (§5): no status; a required attribute left empty; JSON that does not parse, text too long. */
function stepIssues(t: TFunction, step: BulkResultStep, values: BulkResultValues, fields: BulkResultFields | null): StepIssue[] {
  if (step === 'status') return values.status === null ? [{ path: 'status', message: formMessages.requiredField }] : [];
  if (!fields) return [];
  if (step === 'common') return attributeIssues(t, fields.common, values.attributes, fields.required, 'attributes');
  if (step === 'specific') {
    return fields.suites.flatMap((suite) =>
      attributeIssues(t, suite.attributes, values.suites[suiteKey(suite.id)] ?? {}, fields.required, `suites.${suiteKey(suite.id)}`),
    );
  }
  return [];
}

/** The step's rules as a form schema: Next is its submit, and once tried a message goes as soon as its field is put right. */
export function bulkResultSchema(t: TFunction, step: BulkResultStep, fields: BulkResultFields | null) {
  return z.custom<BulkResultValues>().superRefine((values, ctx) => {
    for (const issue of stepIssues(t, step, values, fields))
      ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message });
  });
}

function attributeIssues(
  t: TFunction,
  attributes: readonly CustomAttribute[],
  texts: Record<string, string>,
  required: ReadonlySet<string>,
  at: string,
): StepIssue[] {
  return attributes.flatMap((attribute): StepIssue[] => {
    const text = texts[attributeKey(attribute)] ?? '';
    const path = `${at}.${attributeKey(attribute)}`;
    if (required.has(attribute.name) && text.trim() === '') return [{ path, message: formMessages.requiredField }];
    const read = readAttributeValue(attribute.type as AttributeType, text, false);
    return read.ok ? [] : [{ path, message: read.values ? t(read.message, read.values) : read.message }];
  });
}

/** The typed values by name; empty ones are left out. */
function typedValues(attributes: readonly CustomAttribute[], texts: Record<string, string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const attribute of attributes) {
    const read = readAttributeValue(attribute.type as AttributeType, texts[attributeKey(attribute)] ?? '', false);
    if (read.ok && read.value !== undefined) values[attribute.name] = read.value;
  }
  return values;
}

/** The change `tests/bulk-update/` takes (§7): one result for every selected test, the suite's own attributes over the common ones. */
export function bulkResultChange(values: BulkResultValues, fields: BulkResultFields): TestsChange {
  return {
    result: {
      status: values.status ?? 0,
      comment: values.comment,
      attachments: values.attachments.map((file) => file.id),
      attributes: {
        non_suite_specific: typedValues(fields.common, values.attributes),
        suite_specific: fields.suites.map((suite) => ({
          suite_id: suite.id,
          values: typedValues(suite.attributes, values.suites[suiteKey(suite.id)] ?? {}),
        })),
      },
    },
  };
}
