import type { StreamAppend } from '../ports/event-store.ts';

/** What every adapter refuses before writing anything: no stream, a stream without events, a stream given twice. */
export function checkAppends(appends: readonly StreamAppend[]): void {
  if (appends.length === 0) throw new RangeError('append needs at least one stream');
  if (appends.some(({ events }) => events.length === 0)) throw new RangeError('append needs at least one event');
  if (new Set(appends.map(({ stream }) => stream)).size < appends.length) throw new RangeError('a stream appears twice in one append');
}
