import { Observable, Subject, firstValueFrom, of, throwError } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_KEPT_MS, dropPrefetched, prefetch, takePrefetched } from './prefetch.ts';

/** A fetch that counts how often it went to the server, answering with the query and the count. */
function countingFetch() {
  const sent: unknown[] = [];
  const fetch = (query: { plan: number; filter?: Record<string, unknown> }) =>
    new Observable<string>((subscriber) => {
      sent.push(query);
      subscriber.next(`answer ${sent.length} for plan ${query.plan}`);
      subscriber.complete();
    });
  return { fetch, sent };
}

afterEach(() => vi.useRealTimers());

describe('answers asked ahead of their screen', () => {
  it('are sent at once and taken by the first fetch of the same query, whatever order its fields were written in', async () => {
    const { fetch, sent } = countingFetch();
    prefetch(fetch, { plan: 7, filter: { status: 2, assignee: null } });
    expect(sent).toHaveLength(1);
    const taken = takePrefetched(fetch, { filter: { assignee: null, status: 2 }, plan: 7 });
    expect(taken && (await firstValueFrom(taken))).toBe('answer 1 for plan 7');
    expect(sent).toHaveLength(1);
  });

  it('are taken once: the next fetch of the query asks the server again', () => {
    const { fetch } = countingFetch();
    prefetch(fetch, { plan: 7 });
    expect(takePrefetched(fetch, { plan: 7 })).toBeDefined();
    expect(takePrefetched(fetch, { plan: 7 })).toBeUndefined();
  });

  it('belong to their fetch and query only', () => {
    const first = countingFetch();
    const second = countingFetch();
    prefetch(first.fetch, { plan: 7 });
    expect(takePrefetched(second.fetch, { plan: 7 })).toBeUndefined();
    expect(takePrefetched(first.fetch, { plan: 8 })).toBeUndefined();
    expect(takePrefetched(first.fetch, { plan: 7, filter: { status: 2 } })).toBeUndefined();
  });

  it('give way to a newer answer of the same query: a plan left and opened again is asked for again', async () => {
    const { fetch, sent } = countingFetch();
    prefetch(fetch, { plan: 7 });
    prefetch(fetch, { plan: 7 });
    expect(sent).toHaveLength(2);
    expect(await firstValueFrom(takePrefetched(fetch, { plan: 7 })!)).toBe('answer 2 for plan 7');
  });

  it('are called off, on their way, when another screen is entered; one a screen took goes on', async () => {
    const calledOff: number[] = [];
    const answers = new Map<number, Subject<string>>();
    const slow = (plan: number) =>
      new Observable<string>((subscriber) => {
        const answer = new Subject<string>();
        answers.set(plan, answer);
        const relayed = answer.subscribe(subscriber);
        return () => {
          relayed.unsubscribe();
          if (!answer.closed && !answer.isStopped) calledOff.push(plan);
        };
      });
    prefetch(slow, 7);
    prefetch(slow, 8);
    const taken = firstValueFrom(takePrefetched(slow, 8)!);
    dropPrefetched();
    expect(calledOff).toEqual([7]);
    expect(takePrefetched(slow, 7)).toBeUndefined();
    answers.get(8)!.next('plan 8');
    await expect(taken).resolves.toBe('plan 8');
  });

  it('are dropped when no screen took them in time', () => {
    vi.useFakeTimers();
    const { fetch } = countingFetch();
    prefetch(fetch, { plan: 7 });
    vi.advanceTimersByTime(PREFETCH_KEPT_MS);
    expect(takePrefetched(fetch, { plan: 7 })).toBeUndefined();
  });

  it('are not kept when they fail, and a screen that took one on its way asks the server itself when it fails', async () => {
    let calls = 0;
    const failingOnce = (query: number) => (calls++ === 0 ? throwError(() => new Error('403')) : of(`answer for ${query}`));
    prefetch(failingOnce, 7);
    expect(takePrefetched(failingOnce, 7)).toBeUndefined();

    const later = new Subject<string>();
    let asked = 0;
    const slowThenFailing = (query: number) => (asked++ === 0 ? later.asObservable() : of(`own answer for ${query}`));
    prefetch(slowThenFailing, 8);
    const taken = takePrefetched(slowThenFailing, 8)!;
    const answer = firstValueFrom(taken);
    later.error(new Error('403'));
    await expect(answer).resolves.toBe('own answer for 8');
  });
});
