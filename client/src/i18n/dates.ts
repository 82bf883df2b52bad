/** Date-time formatters by language: making one costs far more than using it, and a list of 500 tests shows a date on every row it draws as it scrolls. */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A timestamp as a date and time in the chosen language. */
export function formatDateTime(iso: string, language: string): string {
  let format = dateTimeFormats.get(language);
  if (!format) dateTimeFormats.set(language, (format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' })));
  return format.format(new Date(iso));
}

/** A timestamp as a date in the chosen language. */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/** A timestamp's time of day in the chosen language, to the second. */
export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { timeStyle: 'medium' }).format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD, the reader's own) in full: weekday, day, month and year. */
export function formatFullDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full' }).format(new Date(`${day}T00:00`));
}

/** A calendar day as the API takes dates (§9: YYYY-MM-DD), in the user's own time zone. */
export function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whole calendar days, both ends included, as the API takes a period (`YYYY-MM-DD`). */
export interface DayRange {
  start: string;
  end: string;
}

/** The last `count` days, today included, in the user's own time zone (§9: the histogram's default is the last 7). */
export function lastDays(count: number, today: Date = new Date()): DayRange {
  const start = new Date(today);
  start.setDate(start.getDate() - (count - 1));
  return { start: isoDay(start), end: isoDay(today) };
}

const RELATIVE_UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago a timestamp was, in the chosen language ("2 minutes ago", "2 минуты назад"), in its largest whole unit. */
export function formatTimeAgo(iso: string, language: string, now: Date = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000);
  const [unit, size] = RELATIVE_UNITS.find(([, length]) => seconds >= length) ?? ['minute', 60];
  return new Intl.RelativeTimeFormat(language, { numeric: 'always' }).format(-Math.floor(seconds / size), unit);
}

/** A span still to come, in its largest whole unit ("in 3 minutes", "через 3 минуты"); under a minute, in seconds. */
export function formatTimeToCome(seconds: number, language: string): string {
  const [unit, size] = RELATIVE_UNITS.find(([, length]) => seconds >= length) ?? ['second', 1];
  return new Intl.RelativeTimeFormat(language, { numeric: 'always' }).format(Math.max(1, Math.round(seconds / size)), unit);
}
