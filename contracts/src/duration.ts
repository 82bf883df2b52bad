/**
 * `result_edit_limit` durations (K5): calendar units, w = 7 days, d = 24 h.
 * A bare number means minutes. Stored as integer seconds, rendered like "1w 2d 3h".
 */
const UNIT_SECONDS: Record<string, number> = { w: 604_800, d: 86_400, h: 3_600, m: 60, s: 1 };
/** Largest first (every project on a page renders its limit, so this is not rebuilt per call). */
const UNIT_ENTRIES = Object.entries(UNIT_SECONDS);
const UNIT_ALIASES: Record<string, string> = {
  w: 'w',
  wk: 'w',
  wks: 'w',
  week: 'w',
  weeks: 'w',
  d: 'd',
  day: 'd',
  days: 'd',
  h: 'h',
  hr: 'h',
  hrs: 'h',
  hour: 'h',
  hours: 'h',
  m: 'm',
  min: 'm',
  mins: 'm',
  minute: 'm',
  minutes: 'm',
  s: 's',
  sec: 's',
  secs: 's',
  second: 's',
  seconds: 's',
};

/** Seconds, or null when the text is not a duration. */
export function parseCalendarDuration(text: string): number | null {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '') return null;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 60);
  const part = /(\d+(?:\.\d+)?)\s*([a-z]+)/g;
  let total = 0;
  let consumed = '';
  for (const match of trimmed.matchAll(part)) {
    const unit = UNIT_ALIASES[match[2]!];
    if (!unit) return null;
    total += Number(match[1]) * UNIT_SECONDS[unit]!;
    consumed += match[0];
  }
  if (consumed.replace(/\s+/g, '') !== trimmed.replace(/\s+/g, '')) return null;
  return Math.round(total);
}

export function formatCalendarDuration(seconds: number): string {
  let parts = '';
  let rest = seconds;
  for (const [unit, size] of UNIT_ENTRIES) {
    const amount = Math.floor(rest / size);
    if (amount > 0) parts += `${parts ? ' ' : ''}${amount}${unit}`;
    rest -= amount * size;
  }
  return parts || '0s';
}

/**
 * Estimates (§4.15, K5): working days of 8 hours, no weeks. Rendered like
 * "1d 2h" from seconds; null for none (null or 0).
 */
const ESTIMATE_UNITS: ReadonlyArray<[string, number]> = [
  ['d', 8 * 3_600],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
];

export function formatEstimate(seconds: number | null): string | null {
  if (!seconds) return null;
  const parts: string[] = [];
  let rest = Math.round(seconds);
  for (const [unit, size] of ESTIMATE_UNITS) {
    const amount = Math.floor(rest / size);
    if (amount > 0) parts.push(`${amount}${unit}`);
    rest -= amount * size;
  }
  return parts.join(' ');
}
