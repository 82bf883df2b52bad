import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';

const roleId = z.number().int().positive();
const permissions = z.array(z.number().int().positive());

/**
 * Role definitions (§3.15, §4.14). Every role event names its role: the role
 * catalogue is one aggregate (stream `roles`) so names stay unique and a
 * command reads every definition in one stream. Seeded roles written by older
 * versions live in `role-<id>` streams with the same RoleDefined shape.
 */
export const roleEvents = defineEvents({
  RoleDefined: {
    version: 1,
    schema: z.object({ roleId, name: z.string().min(1), type: z.number().int(), permissions }),
  },
  /** Only the fields that changed. */
  RoleChanged: {
    version: 1,
    schema: z.object({
      roleId,
      name: z.string().min(1).optional(),
      type: z.number().int().optional(),
      permissions: permissions.optional(),
    }),
  },
  /** Memberships that still name the role grant nothing through it from now on. */
  RoleDeleted: { version: 1, schema: z.object({ roleId }) },
});
export type RoleEvent = EventsOf<typeof roleEvents>;
