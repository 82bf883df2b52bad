import { suiteCreateBody, type Attachment, type CustomAttribute } from '@testament/contracts';
import { z } from 'zod';
import { readAttributeValue, type AttributeValue } from '../../../entities/custom-attribute/attribute-value.ts';
import { activeModels, type AttributeType } from '../../../entities/custom-attribute/custom-attribute.ts';
import type { SuiteDetail } from '../../../entities/suite/suite-api.ts';
import { suiteRuleMessages } from '../suite-messages.ts';

/** The form's values: attribute texts follow the order of `suiteAttributes`. */
export interface SuiteFormValues {
  name: string;
  parent: number | null;
  description: string;
  attributes: string[];
  attachments: Attachment[];
}

/** What the API takes besides the project. */
export interface SuiteFormBody {
  name: string;
  parent: number | null;
  description: string;
  attributes: Record<string, AttributeValue>;
  attachments: number[];
}

/** The project's attributes that apply to suites, with whether a suite must have them (§3.11). */
export function suiteAttributes(attributes: readonly CustomAttribute[]): Array<{ name: string; type: AttributeType; required: boolean }> {
  return attributes
    .filter((attribute) => activeModels(attribute).includes('testsuite'))
    .map((attribute) => ({ name: attribute.name, type: attribute.type, required: attribute.applied_to.testsuite?.is_required ?? false }));
}
export type SuiteAttribute = ReturnType<typeof suiteAttributes>[number];

/** A stored value as the field's text: a list one item a line, JSON as written. */
function attributeText(type: AttributeType, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (type === 1 && Array.isArray(value)) return value.join('\n');
  if (type === 2) return JSON.stringify(value, null, 2);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function suiteFormDefaults(
  suite: SuiteDetail | null,
  attributes: readonly SuiteAttribute[],
  parentId: number | null,
): SuiteFormValues {
  return {
    name: suite?.name ?? '',
    parent: suite ? (suite.parent?.id ?? null) : parentId,
    description: suite?.description ?? '',
    attributes: attributes.map((attribute) => attributeText(attribute.type, suite?.attributes[attribute.name])),
    attachments: suite?.attachments ?? [],
  };
}

/**
 * The form's rules (§5, § Suite pages): a name of at most 100, a suite that is not its own parent,
 * and each attribute by its type; then the body, keeping values of attributes the form does not show.
 */
export function suiteFormSchema(editedId: number | null, attributes: readonly SuiteAttribute[], kept: Record<string, unknown> = {}) {
  return z
    .object({
      name: suiteCreateBody.shape.name,
      parent: z
        .number()
        .nullable()
        .refine((parent) => editedId === null || parent !== editedId, suiteRuleMessages.ownParent),
      description: z.string(),
      attributes: z.array(z.string()),
      attachments: z.array(z.custom<Attachment>()),
    })
    .transform((values, ctx): SuiteFormBody => {
      const read: Record<string, AttributeValue> = {};
      attributes.forEach((attribute, index) => {
        const value = readAttributeValue(attribute.type, values.attributes[index] ?? '', attribute.required);
        if (!value.ok) ctx.addIssue({ code: 'custom', path: ['attributes', index], message: value.message });
        else if (value.value !== undefined) read[attribute.name] = value.value;
      });
      const shown = new Set(attributes.map((attribute) => attribute.name));
      const others = Object.fromEntries(Object.entries(kept).filter(([name]) => !shown.has(name)));
      return {
        name: values.name,
        parent: values.parent,
        description: values.description,
        attributes: { ...others, ...read },
        attachments: values.attachments.map((file) => file.id),
      };
    });
}
