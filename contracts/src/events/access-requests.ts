import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';

const ids = { projectId: z.number().int().positive(), userId: z.number().int().positive() };

/** A user's request to be let into a project they cannot see (§3.1), stream `access-request-<projectId>-<userId>`. */
export const accessRequestEvents = defineEvents({
  AccessRequested: { version: 1, schema: z.object({ ...ids, reason: z.string() }) },
  /** Roles were assigned to the user in the project, which answers the request. */
  AccessRequestResolved: { version: 1, schema: z.object(ids) },
});
export type AccessRequestEvent = EventsOf<typeof accessRequestEvents>;
