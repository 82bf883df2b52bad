import { Subject, asyncScheduler, filter, map, merge, throttleTime, type Observable } from 'rxjs';
import { live } from './services.ts';

const madeHere$ = new Subject<string>();

/**
 * A change made in this browser. The server answers a write once its read
 * models have caught up, so screens showing these topics refetch at once
 * instead of waiting for the live notice.
 */
export function announceChange(...topics: string[]): void {
  for (const topic of topics) madeHere$.next(topic);
}

/** Emits whenever what a topic covers may have changed: a change made here, or a notice on the live channel from anyone. */
export function changesOf(topic: string): Observable<void> {
  return merge(madeHere$.pipe(filter((changed) => changed === topic)), live.changes(topic)).pipe(map(() => undefined));
}

/**
 * Changes taken at most once per period: the first at once, the last of a burst when the
 * period ends. For screens whose refetch is heavy, so a burst of notices (a bulk change,
 * a CI run posting results) costs about one refetch a second rather than one per notice.
 */
export function coalesced<T>(changes: Observable<T>, periodMs = 1000): Observable<T> {
  return changes.pipe(throttleTime(periodMs, asyncScheduler, { leading: true, trailing: true }));
}

/** The topics of §3, as the server names them. */
export { topics } from '@testament/contracts';
