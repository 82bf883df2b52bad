import { requiredText, type Attachment, type CustomAttribute, type Plan } from '@testament/contracts';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { formMessages } from '../../../forms/form-messages.ts';
import { attributeKey, attributeText, readAttributeValue } from '../../../entities/custom-attribute/attribute-value.ts';
import type { AttributeType } from '../../../entities/custom-attribute/custom-attribute.ts';
import type { PlanCreateBody } from '../../../entities/plan/plan-api.ts';
import { planRuleMessages } from '../plan-messages.ts';

/** Plan names: required, at most 100 (§5). */
const NAME_MAX = 100;
const DAY_MS = 86_400_000;

export interface PlanFormValues {
  name: string;
  started_at: Date | null;
  due_date: Date | null;
  parent: number | null;
  /** Create only (§2): one plan per combination of the groups' values. */
  parameters: number[];
  description: string;
  /** Attribute values as typed, by `attributeKey`. */
  attributes: Record<string, string>;
  attachments: Attachment[];
  /** The picked cases; the picker's suites never get here (§5). */
  test_cases: number[];
}

/** What the API takes of the form; the create adds the project and the parameters. */
export type PlanFormBody = Omit<PlanCreateBody, 'project' | 'parameters' | 'is_archive' | 'finished_at'>;

/** The project's attributes of plans that are switched on (§3.11). */
export function planAttributes(attributes: readonly CustomAttribute[]): CustomAttribute[] {
  return attributes.filter(
    (attribute) =>
      !attribute.is_deleted && attribute.applied_to.testplan !== undefined && attribute.applied_to.testplan.is_active !== false,
  );
}

export const isRequired = (attribute: CustomAttribute) => attribute.applied_to.testplan?.is_required ?? false;

/** The due date a start date suggests (§5, §9: start plus one day). */
export const dayAfter = (date: Date) => new Date(date.getTime() + DAY_MS);

/** A moment to the minute, as the plan payload takes it (§9), with the user's own offset so it means the same moment. */
export function toMinute(date: Date): string {
  const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');
  const offset = -date.getTimezoneOffset();
  const zone = `${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}${zone}`;
}

/** Now, to the minute. */
function thisMinute(): Date {
  const now = new Date();
  now.setSeconds(0, 0);
  return now;
}

/** A new plan starts now and is due a day later, under `parentId`; an edited one starts as it is, its own cases ticked. */
export function planFormDefaults(
  plan: Plan | null,
  attributes: readonly CustomAttribute[],
  parentId: number | null,
  caseIds: readonly number[],
): PlanFormValues {
  const start = plan ? new Date(plan.started_at) : thisMinute();
  return {
    name: plan?.name ?? '',
    started_at: start,
    due_date: plan ? new Date(plan.due_date) : dayAfter(start),
    parent: plan ? (plan.parent?.id ?? null) : parentId,
    parameters: [],
    description: plan?.description ?? '',
    attributes: Object.fromEntries(
      attributes.map((attribute) => [attributeKey(attribute), attributeText(plan?.attributes[attribute.name])]),
    ),
    attachments: plan?.attachments ?? [],
    test_cases: [...caseIds],
  };
}

const requiredDate = z
  .date()
  .nullable()
  .refine((date) => date !== null, planRuleMessages.dateRequired);

/**
 * The form's rules (§5): a name of at most 100, both dates with the start first, a plan that is not its
 * own parent, and each attribute by its type; then the body, keeping the values of attributes the form
 * does not show.
 */
export function planFormSchema(
  t: TFunction,
  editedId: number | null,
  attributes: readonly CustomAttribute[],
  kept: Record<string, unknown> = {},
) {
  return z
    .object({
      name: requiredText(NAME_MAX),
      started_at: requiredDate,
      due_date: requiredDate,
      parent: z
        .number()
        .nullable()
        .refine((parent) => editedId === null || parent !== editedId, planRuleMessages.ownParent),
      parameters: z.array(z.number()),
      description: z.string(),
      attributes: z.record(z.string(), z.string()),
      attachments: z.array(z.custom<Attachment>()),
      test_cases: z.array(z.number()),
    })
    .refine((values) => !values.started_at || !values.due_date || values.started_at < values.due_date, {
      path: ['due_date'],
      message: planRuleMessages.datesOrder,
    })
    .transform((values, ctx): PlanFormBody & { parameters: number[] } => {
      const read: Record<string, unknown> = {};
      for (const attribute of attributes) {
        const key = attributeKey(attribute);
        const value = readAttributeValue(attribute.type as AttributeType, values.attributes[key] ?? '', isRequired(attribute));
        // Required stays a key FieldError knows; the others carry their values (the text limit).
        if (!value.ok)
          ctx.addIssue({
            code: 'custom',
            path: ['attributes', key],
            message: value.message === formMessages.required ? value.message : t(value.message, value.values ?? {}),
          });
        else if (value.value !== undefined) read[attribute.name] = value.value;
      }
      const shown = new Set(attributes.map((attribute) => attribute.name));
      const others = Object.fromEntries(Object.entries(kept).filter(([name]) => !shown.has(name)));
      return {
        name: values.name,
        started_at: toMinute(values.started_at!),
        due_date: toMinute(values.due_date!),
        parent: values.parent,
        description: values.description,
        attributes: { ...others, ...read },
        attachments: values.attachments.map((file) => file.id),
        test_cases: values.test_cases,
        parameters: values.parameters,
      };
    });
}
