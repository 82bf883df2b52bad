import type { AuditEvent } from '@testament/contracts';
import { isoDay } from '../../i18n/dates.ts';

/** One day's events, as the timeline shows them under the day's header. */
export interface AuditDay {
  /** The reader's calendar day, YYYY-MM-DD. */
  day: string;
  events: AuditEvent[];
}

/**
 * A page of events by the reader's calendar day, in the page's order (newest or oldest first):
 * each run of events on the same local day is one group, so an event just after midnight here
 * is not filed under yesterday's UTC day.
 */
export function auditDays(events: readonly AuditEvent[]): AuditDay[] {
  const days: AuditDay[] = [];
  for (const event of events) {
    const day = isoDay(new Date(event.time));
    const current = days.at(-1);
    if (current?.day === day) current.events.push(event);
    else days.push({ day, events: [event] });
  }
  return days;
}
