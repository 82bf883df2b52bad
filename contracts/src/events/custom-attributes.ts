import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';
import { catalogueItemId, catalogueLifecycleEvents } from './project-catalogue.ts';

const target = z.object({ isRequired: z.boolean(), isActive: z.boolean() });
const suiteIds = z.array(z.number().int().positive());

/** Where an attribute applies (§3.11, §4.17). An absent key means "not applied". */
export const appliedToSchema = z.object({
  testplan: target.optional(),
  testsuite: target.optional(),
  /** suiteIds empty = every suite. */
  testcase: target.extend({ suiteIds }).optional(),
  /** statusSpecific empty = any status. */
  testresult: target.extend({ suiteIds, statusSpecific: z.array(z.number().int().positive()) }).optional(),
});
export type AppliedTo = z.output<typeof appliedToSchema>;

/** 0 Text, 1 List, 2 JSON. */
export const customAttributeType = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const customAttributeEvents = defineEvents({
  CustomAttributeCreated: {
    version: 1,
    schema: z.object({
      id: catalogueItemId,
      projectId: z.number().int().positive(),
      name: z.string().min(1),
      type: customAttributeType,
      appliedTo: appliedToSchema,
    }),
  },
  CustomAttributeChanged: {
    version: 1,
    schema: z.object({
      id: catalogueItemId,
      name: z.string().min(1).optional(),
      type: customAttributeType.optional(),
      appliedTo: appliedToSchema.optional(),
    }),
  },
  ...catalogueLifecycleEvents('CustomAttribute'),
});
export type CustomAttributeEvent = EventsOf<typeof customAttributeEvents>;
