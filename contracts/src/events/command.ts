import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';

/**
 * Appended to `command-<key hash>` with `no_stream` before a create command runs
 * under an idempotency key, so a retried request finds the stream it created.
 */
export const commandEvents = defineEvents({
  CommandAccepted: {
    version: 1,
    audit: { action: 'other' },
    schema: z.object({ stream: z.string(), aggregateId: z.number().int().positive() }),
  },
});
export type CommandEvent = EventsOf<typeof commandEvents>;
