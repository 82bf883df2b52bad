import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';
import { catalogueItemId, catalogueLifecycleEvents } from './project-catalogue.ts';

/** A project's links to outside services, shown on its pages (§3.16); the URL is kept as typed, placeholders and all. */
export const integrationEvents = defineEvents({
  IntegrationCreated: {
    version: 1,
    schema: z.object({
      id: catalogueItemId,
      projectId: z.number().int().positive(),
      name: z.string().min(1),
      description: z.string(),
      serviceUrl: z.string().min(1),
      isNewTab: z.boolean(),
      /** The content-type model of the pages it is offered on, e.g. "testplan". */
      pageType: z.string().min(1),
    }),
  },
  IntegrationChanged: {
    version: 1,
    schema: z.object({
      id: catalogueItemId,
      name: z.string().min(1).optional(),
      description: z.string().optional(),
      serviceUrl: z.string().min(1).optional(),
      isNewTab: z.boolean().optional(),
      pageType: z.string().min(1).optional(),
    }),
  },
  ...catalogueLifecycleEvents('Integration'),
});
export type IntegrationEvent = EventsOf<typeof integrationEvents>;
