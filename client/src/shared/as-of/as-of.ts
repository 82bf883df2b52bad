import { useSearchParams } from 'react-router';

/** The address parameter of an "as of" view: an instant, as ISO text. */
export const AS_OF_PARAM = 'as_of';

/** The ISO datetimes `as_of` takes (a date, optionally with a time and an offset). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The instant the address asks to look back to, or null for now (also for what is not a time). */
export function asOfIn(params: URLSearchParams): string | null {
  const value = params.get(AS_OF_PARAM);
  return value !== null && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
}

/** The address with the instant picked (as UTC ISO text, to the minute), or without one: back to now. */
export function withAsOf(params: URLSearchParams, time: Date | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (time === null) next.delete(AS_OF_PARAM);
  else {
    const minute = new Date(time);
    minute.setSeconds(0, 0);
    next.set(AS_OF_PARAM, minute.toISOString());
  }
  return next;
}

/** The "as of" instant kept in the address, so a link or a reload shows the same past. */
export function useAsOf(): [string | null, (time: Date | null) => void] {
  const [params, setParams] = useSearchParams();
  return [asOfIn(params), (time) => setParams((current) => withAsOf(current, time), { replace: true })];
}
