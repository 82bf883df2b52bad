import { z } from 'zod';
import { numberChoice, projectReference, requiredText } from './project-catalogue.ts';

export const customAttributeMessages = {
  oneActive: 'At least one applied to must be active',
  nameTaken: 'A custom attribute with this name already exists in this project.',
  nameComma: 'The name must not contain commas.',
  unknownStatus: (id: number) => `Status ${id} is not a status of this project.`,
} as const;

const ids = z.array(z.number().int().positive());
const target = z.object({ is_required: z.boolean().optional(), is_active: z.boolean().optional() }).strict();

/** `applied_to` as clients send it; a present entry is active unless it says `is_active: false`. */
export const appliedToBody = z
  .object({
    testplan: target.optional(),
    testsuite: target.optional(),
    testcase: target.extend({ suite_ids: ids.optional() }).strict().optional(),
    testresult: target.extend({ suite_ids: ids.optional(), status_specific: ids.nullable().optional() }).strict().optional(),
  })
  .strict()
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

export const customAttributeListQuery = z.object({ suite: z.string().regex(/^\d+$/, 'A valid integer is required.').optional() });

/** `custom-attributes/testresult/`: the attributes the bulk-result form asks for. */
export const testResultAttributesQuery = z.object({
  status_id: z.string().regex(/^\d+$/, 'A valid integer is required.').optional(),
  suite: z.string().regex(/^\d+(,\d+)*$/, 'A valid integer is required.').optional(),
});
