import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';
import { catalogueItemId, catalogueLifecycleEvents } from './project-catalogue.ts';

export const statusEvents = defineEvents({
  StatusCreated: {
    version: 1,
    schema: z.object({
      id: catalogueItemId,
      /** null for system statuses. */
      projectId: z.number().int().positive().nullable(),
      /** 0 system, 1 custom. */
      type: z.union([z.literal(0), z.literal(1)]),
      name: z.string().min(1),
      color: z.string().min(1),
    }),
  },
  StatusChanged: {
    version: 1,
    schema: z.object({ id: catalogueItemId, name: z.string().min(1).optional(), color: z.string().min(1).optional() }),
  },
  ...catalogueLifecycleEvents('Status'),
});
export type StatusEvent = EventsOf<typeof statusEvents>;
