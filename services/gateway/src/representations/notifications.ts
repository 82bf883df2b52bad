import type { Notification } from '@testament/contracts';
import type { NotificationDocument } from '@testament/projections/notifications/notification-document';

const UNITS: Array<[name: string, seconds: number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "3 minutes ago", "1 day, 2 hours ago": the two largest adjacent units, as TestY's timesince (§3.13). */
export function timeago(timestamp: string, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - Date.parse(timestamp)) / 1000));
  const index = UNITS.findIndex(([, size]) => seconds >= size);
  if (index === -1) return `${count(0, 'minute')} ago`;
  const [unit, size] = UNITS[index]!;
  const parts = [count(Math.floor(seconds / size), unit)];
  const next = UNITS[index + 1];
  if (next) {
    const rest = Math.floor((seconds % size) / next[1]);
    if (rest > 0) parts.push(count(rest, next[0]));
  }
  return `${parts.join(', ')} ago`;
}

/** Notification (§3.13). */
export function notificationRepresentation(notification: NotificationDocument, now: Date): Notification {
  return {
    id: notification.id,
    unread: notification.unread,
    actor: notification.actor,
    timestamp: notification.timestamp,
    timeago: timeago(notification.timestamp, now),
    message: {
      template: notification.message.template,
      placeholder_text: notification.message.placeholderText,
      placeholder_link: notification.message.placeholderLink,
    },
  };
}
