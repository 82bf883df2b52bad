/**
 * Case estimates as people type them (§4.15, K5): a bare number is minutes;
 * otherwise units (`1d 1h 1m 1s`, `5hr34m56s`, `5 hours, 34 minutes, 56 seconds`),
 * a clock (`4:13:02`, `4:13:02.266`, `34:56` as minutes and seconds) or both
 * (`2 days, 4:13:02`). A day is 8 working hours; weeks are refused.
 */
export const estimateMessages = {
  negative: 'Estimate cannot be negative.',
  weeks: 'Max estimate period is a day',
  unparsable: 'Invalid estimate format. Use a number of minutes or a duration like 1d 2h 30m.',
} as const;

const WORKING_DAY = 8 * 3_600;
const UNITS: Record<string, number> = {
  d: WORKING_DAY,
  day: WORKING_DAY,
  days: WORKING_DAY,
  h: 3_600,
  hr: 3_600,
  hrs: 3_600,
  hour: 3_600,
  hours: 3_600,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
};
const WEEKS = new Set(['w', 'wk', 'wks', 'week', 'weeks']);
const CLOCK = /^(\d+):(\d{1,2})(?::(\d{1,2}))?(?:\.(\d+))?$/;

export type EstimateParse = { seconds: number } | { error: string };

function clockSeconds(text: string): number | null {
  const clock = CLOCK.exec(text);
  if (!clock) return null;
  const [first, second, third] = [Number(clock[1]), Number(clock[2]), clock[3] === undefined ? undefined : Number(clock[3])];
  return third === undefined ? first * 60 + second : first * 3_600 + second * 60 + third;
}

/** Seconds from what a person typed, or the message that says why not. */
export function parseEstimate(input: string | number): EstimateParse {
  const text = String(input).trim().toLowerCase();
  if (text.startsWith('-')) return { error: estimateMessages.negative };
  if (/^\d+(\.\d+)?$/.test(text)) return { seconds: Math.round(Number(text) * 60) };
  let total = 0;
  let rest = text;
  const unitPart = /^(\d+(?:\.\d+)?)\s*([a-z]+)[\s,]*/;
  for (let match = unitPart.exec(rest); match; match = unitPart.exec(rest)) {
    const unit = match[2]!;
    if (WEEKS.has(unit)) return { error: estimateMessages.weeks };
    const size = UNITS[unit];
    if (size === undefined) return { error: estimateMessages.unparsable };
    total += Number(match[1]) * size;
    rest = rest.slice(match[0].length);
  }
  if (rest !== '') {
    const clock = clockSeconds(rest);
    if (clock === null) return { error: estimateMessages.unparsable };
    total += clock;
  }
  if (text === '') return { error: estimateMessages.unparsable };
  return { seconds: Math.round(total) };
}
