import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';
import { catalogueItemId, catalogueLifecycleEvents } from './project-catalogue.ts';

export const parameterEvents = defineEvents({
  ParameterCreated: {
    version: 1,
    schema: z.object({
      id: catalogueItemId,
      projectId: z.number().int().positive(),
      /** The value, e.g. "Chrome". */
      data: z.string().min(1),
      /** The group, e.g. "Browser". */
      groupName: z.string().min(1),
    }),
  },
  ParameterChanged: {
    version: 1,
    schema: z.object({ id: catalogueItemId, data: z.string().min(1).optional(), groupName: z.string().min(1).optional() }),
  },
  ...catalogueLifecycleEvents('Parameter'),
});
export type ParameterEvent = EventsOf<typeof parameterEvents>;
