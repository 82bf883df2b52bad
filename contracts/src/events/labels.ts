import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';
import { catalogueItemId, catalogueLifecycleEvents } from './project-catalogue.ts';

export const labelEvents = defineEvents({
  LabelCreated: {
    version: 1,
    schema: z.object({
      id: catalogueItemId,
      projectId: z.number().int().positive(),
      name: z.string().min(1),
      color: z.string().nullable(),
      /** 0 system, 1 custom (deprecated, kept for the wire). */
      type: z.union([z.literal(0), z.literal(1)]),
      /** The creator; null when the system made it. */
      userId: z.number().int().positive().nullable(),
    }),
  },
  LabelChanged: {
    version: 1,
    schema: z.object({
      id: catalogueItemId,
      name: z.string().min(1).optional(),
      color: z.string().nullable().optional(),
      type: z.union([z.literal(0), z.literal(1)]).optional(),
    }),
  },
  ...catalogueLifecycleEvents('Label'),
});
export type LabelEvent = EventsOf<typeof labelEvents>;
