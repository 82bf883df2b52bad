import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';

const groupId = z.number().int().positive();
const permissions = z.array(z.number().int().positive());

/**
 * Authentication groups (§3.15, legacy): named sets of permission ids. All of
 * them live in one stream (`groups`) so a name is decided unique against every
 * other. A deleted group is gone for good (groups have no trash).
 */
export const groupEvents = defineEvents({
  GroupCreated: { version: 1, schema: z.object({ groupId, name: z.string().min(1), permissions }) },
  /** Only the fields that changed; a permission list is the complete new set. */
  GroupChanged: { version: 1, schema: z.object({ groupId, name: z.string().min(1).optional(), permissions: permissions.optional() }) },
  GroupDeleted: { version: 1, schema: z.object({ groupId }) },
});
export type GroupEvent = EventsOf<typeof groupEvents>;
