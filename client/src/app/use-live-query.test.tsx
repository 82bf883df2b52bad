import { act, render, screen } from '@testing-library/react';
import { Observable, Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { dropPrefetched, prefetch } from './prefetch.ts';
import { useLiveQuery } from './use-live-query.ts';

/** A fetch whose answers say how many times the server was asked. */
function countingFetch() {
  let asked = 0;
  const fetch = (query: { plan: number }) =>
    new Observable<string>((subscriber) => {
      asked += 1;
      subscriber.next(`plan ${query.plan}, answer ${asked}`);
      subscriber.complete();
    });
  return { fetch, asked: () => asked };
}

afterEach(() => dropPrefetched());

function Plan({ changes, fetch }: { changes: Observable<void>; fetch: (query: { plan: number }) => Observable<string> }) {
  const { data } = useLiveQuery({ plan: 7 }, () => changes, fetch);
  return <p>{data ?? 'loading'}</p>;
}

describe('a live query', () => {
  it('takes an answer asked ahead only for its first fetch: a refetch after a change asks the server, whatever still waits', () => {
    const { fetch, asked } = countingFetch();
    const changes = new Subject<void>();
    prefetch(fetch, { plan: 7 });
    render(<Plan changes={changes} fetch={fetch} />);
    expect(screen.getByText('plan 7, answer 1')).toBeTruthy();
    // Another answer asked ahead for the same query waits, read before the change the notice is for.
    prefetch(fetch, { plan: 7 });
    act(() => changes.next());
    expect(screen.getByText('plan 7, answer 3')).toBeTruthy();
    expect(asked()).toBe(3);
  });
});
