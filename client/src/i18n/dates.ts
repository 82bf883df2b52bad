/** A timestamp as a date and time in the chosen language. */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A timestamp as a date in the chosen language. */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/** A calendar day as the API takes dates (§9: YYYY-MM-DD), in the user's own time zone. */
export function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
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
