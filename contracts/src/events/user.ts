import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';

const userId = z.number().int().positive();

export const userEvents = defineEvents({
  UserRegistered: {
    version: 1,
    schema: z.object({
      userId,
      username: z.string().min(1),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      passwordHash: z.string(),
      isSuperuser: z.boolean(),
      isStaff: z.boolean(),
      isActive: z.boolean(),
    }),
  },
  UserProfileChanged: {
    version: 1,
    schema: z.object({ firstName: z.string().optional(), lastName: z.string().optional(), email: z.string().optional() }),
  },
  UserPasswordChanged: { version: 1, schema: z.object({ passwordHash: z.string() }) },
  /** The patch as sent; the fold deep-merges it into the stored config. */
  UserConfigChanged: { version: 1, schema: z.object({ patch: z.record(z.string(), z.unknown()) }) },
  /** Only the sha256 of the session id is kept: the log must not hold usable credentials. */
  UserSessionStarted: {
    version: 1,
    schema: z.object({ sessionHash: z.string(), expiresAt: z.string(), rememberMe: z.boolean() }),
  },
  UserSessionEnded: {
    version: 1,
    schema: z.object({ sessionHash: z.string(), reason: z.enum(['logout', 'rotated', 'password_changed', 'deactivated']) }),
  },
});

export type UserEvent = EventsOf<typeof userEvents>;

/** Reservation of a username, appended to `username-<lowercase name>` with `no_stream`. */
export const usernameEvents = defineEvents({
  UsernameClaimed: { version: 1, schema: z.object({ userId }) },
});
export type UsernameEvent = EventsOf<typeof usernameEvents>;
