import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';

/** 0 info, 1 warning, 2 critical (§3.17). */
export const SYSTEM_MESSAGE_LEVELS = [0, 1, 2] as const;
const level = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** Banners managed by superusers, one stream per message: `system-message-<id>`. */
export const systemMessageEvents = defineEvents({
  SystemMessageCreated: {
    version: 1,
    schema: z.object({
      messageId: z.number().int().positive(),
      content: z.string().min(1),
      level,
      isClosing: z.boolean(),
      isActive: z.boolean(),
    }),
  },
  /** Only the fields that changed. */
  SystemMessageChanged: {
    version: 1,
    schema: z.object({
      content: z.string().min(1).optional(),
      level: level.optional(),
      isClosing: z.boolean().optional(),
      isActive: z.boolean().optional(),
    }),
  },
  SystemMessageDeleted: { version: 1, schema: z.object({}) },
});

export type SystemMessageEvent = EventsOf<typeof systemMessageEvents>;
export type SystemMessageLevel = (typeof SYSTEM_MESSAGE_LEVELS)[number];
