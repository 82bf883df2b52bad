import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';

const actionCodes = z.array(z.number().int().nonnegative()).min(1);
const notificationId = z.number().int().positive();

/**
 * What a user does with their notifications, stream `notifications-<userId>`.
 * Notifications themselves are not events: the notifications read model
 * derives them from the events they are about (§4.12).
 */
export const notificationEvents = defineEvents({
  NotificationsEnabled: { version: 1, schema: z.object({ actionCodes }) },
  NotificationsDisabled: { version: 1, schema: z.object({ actionCodes }) },
  /** Only the notifications whose state changes. */
  NotificationsMarked: {
    version: 1,
    audit: { action: 'other' },
    schema: z.object({ unread: z.boolean(), notificationIds: z.array(notificationId).min(1) }),
  },
  NotificationDeleted: { version: 1, audit: { action: 'other' }, schema: z.object({ notificationId }) },
  /** Deleted notifications taken back out of the trash. */
  NotificationsRecovered: { version: 1, audit: { action: 'other' }, schema: z.object({ notificationIds: z.array(notificationId).min(1) }) },
  /** Deleted notifications removed for good: they leave the trash and cannot come back. */
  NotificationsRemoved: { version: 1, audit: { action: 'other' }, schema: z.object({ notificationIds: z.array(notificationId).min(1) }) },
});
export type NotificationEvent = EventsOf<typeof notificationEvents>;
