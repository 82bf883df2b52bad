import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';

export const roleEvents = defineEvents({
  RoleDefined: {
    version: 1,
    schema: z.object({
      roleId: z.number().int().positive(),
      name: z.string().min(1),
      type: z.number().int(),
      permissions: z.array(z.number().int().positive()),
    }),
  },
});
export type RoleEvent = EventsOf<typeof roleEvents>;
