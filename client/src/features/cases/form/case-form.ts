import type { Attachment, CaseDetail, CustomAttribute } from '@testament/contracts';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { formMessages } from '../../../forms/form-messages.ts';
import { attributeKey, attributeText, readAttributeValue } from '../../../entities/custom-attribute/attribute-value.ts';
import type { AttributeType } from '../../../entities/custom-attribute/custom-attribute.ts';
import type { CaseBody } from './case-api.ts';
import { renumbered, type StepValues } from './steps.ts';

export interface SuiteChoice {
  id: number;
  name: string;
}

/** A label on the case: a project label (with its id) or a new name the server creates on save. */
export interface LabelChoice {
  id?: number;
  name: string;
}

export interface CaseFormValues {
  name: string;
  suite: SuiteChoice | null;
  description: string;
  setup: string;
  scenario: string;
  expected: string;
  teardown: string;
  estimate: string;
  is_steps: boolean;
  steps: StepValues[];
  labels: LabelChoice[];
  /** Attribute values as typed, by `attributeKey` (a list is one item per line). */
  attributes: Record<string, string>;
  attachments: Attachment[];
}

/** The fields a 400's messages go under (§5); the rest go to the general alert. */
export const CASE_SERVER_FIELDS = [
  'name',
  'setup',
  'scenario',
  'teardown',
  'estimate',
  'description',
  'labels',
  'suite',
  'expected',
] as const;

export { attributeKey } from '../../../entities/custom-attribute/attribute-value.ts';

/** The project's case attributes that apply to a suite: no suite list means every suite (§4.17). */
export function caseAttributesFor(attributes: readonly CustomAttribute[], suiteId: number | null): CustomAttribute[] {
  return attributes.filter((attribute) => {
    const target = attribute.applied_to.testcase;
    if (!target?.is_active || attribute.is_deleted) return false;
    return target.suite_ids.length === 0 || (suiteId !== null && target.suite_ids.includes(suiteId));
  });
}

/**
 * The case form's rules (§5), all checked in one pass so every message shows at
 * once: name, scenario or at least one complete step, the suite, and the
 * attributes that apply to the chosen suite.
 */
export function caseFormSchema(t: TFunction, attributes: readonly CustomAttribute[]) {
  const required = t('caseForm.errors.required');
  return z.custom<CaseFormValues>().superRefine((values, ctx) => {
    const need = (path: (string | number)[], text: string) => {
      if (text.trim() === '') ctx.addIssue({ code: 'custom', path, message: required });
    };
    need(['name'], values.name);
    if (values.suite === null) ctx.addIssue({ code: 'custom', path: ['suite'], message: required });
    if (!values.is_steps) need(['scenario'], values.scenario);
    else if (values.steps.length === 0) ctx.addIssue({ code: 'custom', path: ['steps'], message: required });
    else
      values.steps.forEach((step, index) => {
        need(['steps', index, 'name'], step.name);
        need(['steps', index, 'scenario'], step.scenario);
      });
    for (const attribute of caseAttributesFor(attributes, values.suite?.id ?? null)) {
      const key = attributeKey(attribute);
      const read = readAttributeValue(
        attribute.type as AttributeType,
        values.attributes[key] ?? '',
        attribute.applied_to.testcase?.is_required ?? false,
      );
      // The case form words a missing value as its other fields do (§5).
      if (!read.ok)
        ctx.addIssue({
          code: 'custom',
          path: ['attributes', key],
          message: read.message === formMessages.required ? required : t(read.message, read.values ?? {}),
        });
    }
  });
}

export function caseFormDefaults(
  found: CaseDetail | null,
  suite: SuiteChoice | null,
  attributes: readonly CustomAttribute[],
): CaseFormValues {
  return {
    name: found?.name ?? '',
    suite: found ? found.suite : suite,
    description: found?.description ?? '',
    setup: found?.setup ?? '',
    scenario: found?.scenario ?? '',
    expected: found?.expected ?? '',
    teardown: found?.teardown ?? '',
    estimate: found?.estimate ?? '',
    is_steps: found?.is_steps ?? false,
    steps: (found?.steps ?? []).map((step) => ({
      key: `step-${step.id}`,
      id: step.id,
      name: step.name,
      scenario: step.scenario,
      expected: step.expected,
      attachments: step.attachments,
    })),
    labels: (found?.labels ?? []).map(({ id, name }) => ({ id, name })),
    attributes: Object.fromEntries(
      attributes.map((attribute) => [attributeKey(attribute), attributeText(found?.attributes[attribute.name])]),
    ),
    attachments: found?.attachments ?? [],
  };
}

/**
 * The body of §7: the scenario or the steps (renumbered 1..n) by `is_steps`,
 * attributes by name for the chosen suite, and the estimate left out when
 * empty on create and sent as null on edit (§5).
 */
export function caseBody(values: CaseFormValues, projectId: number, attributes: readonly CustomAttribute[], editing: boolean): CaseBody {
  const estimate = values.estimate.trim();
  const attributeValues: Record<string, unknown> = {};
  for (const attribute of caseAttributesFor(attributes, values.suite?.id ?? null)) {
    const read = readAttributeValue(attribute.type as AttributeType, values.attributes[attributeKey(attribute)] ?? '', false);
    if (read.ok && read.value !== undefined) attributeValues[attribute.name] = read.value;
  }
  return {
    name: values.name.trim(),
    project: projectId,
    suite: values.suite?.id ?? 0,
    description: values.description,
    setup: values.setup,
    teardown: values.teardown,
    is_steps: values.is_steps,
    ...(values.is_steps
      ? {
          steps: renumbered(values.steps).map((step) => ({
            ...(step.id === undefined ? {} : { id: step.id }),
            name: step.name,
            scenario: step.scenario,
            expected: step.expected,
            sort_order: step.sort_order,
            attachments: step.attachments.map((file) => file.id),
          })),
        }
      : { scenario: values.scenario, expected: values.expected }),
    ...(estimate !== '' ? { estimate } : editing ? { estimate: null } : {}),
    labels: values.labels.map((label) => (label.id === undefined ? { name: label.name } : { id: label.id, name: label.name })),
    attributes: attributeValues,
    attachments: values.attachments.map((file) => file.id),
  };
}
