import type { ActivityItem, PlanActivity } from '@testament/contracts';
import { isoDay } from '../../i18n/dates.ts';

/** One day's records, as the page shows them under the day's header. */
export interface ActivityDay {
  /** The reader's calendar day, YYYY-MM-DD. */
  day: string;
  items: ActivityItem[];
}

/**
 * A page of activity by the reader's calendar day, in the page's order. The server pages
 * the rows and then groups the page by UTC day (§4.8, K6): read in the day keys' order
 * (newest first unless the oldest come first) and grouped again by the day the reader's
 * clock shows, so a record just after midnight here is not filed under yesterday's UTC day.
 */
export function activityDays(results: PlanActivity['results'], newestFirst: boolean): ActivityDay[] {
  const dayKeys = Object.keys(results).sort();
  if (newestFirst) dayKeys.reverse();
  const days: ActivityDay[] = [];
  for (const item of dayKeys.flatMap((key) => results[key] ?? [])) {
    const day = isoDay(new Date(item.action_timestamp));
    const current = days.at(-1);
    if (current?.day === day) current.items.push(item);
    else days.push({ day, items: [item] });
  }
  return days;
}
