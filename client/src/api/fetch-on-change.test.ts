import { Subject, of, throwError } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { fetchOnChange, type Fetched } from './fetch-on-change.ts';

describe('what a screen shows', () => {
  it('is fetched for each query and again on each change of it', () => {
    const queries = new Subject<number>();
    const changes = new Subject<void>();
    let version = 0;
    const seen: Array<Fetched<number, string>> = [];
    fetchOnChange(
      queries,
      () => changes,
      (query, afterChange) => of(`page ${query} v${++version}${afterChange ? ' after a change' : ''}`),
    ).subscribe((fetched) => seen.push(fetched));
    queries.next(1);
    changes.next();
    queries.next(2);
    expect(seen).toEqual([
      { query: 1, result: 'page 1 v1' },
      { query: 1, result: 'page 1 v2 after a change' },
      { query: 2, result: 'page 2 v3' },
    ]);
  });

  it('keeps what is on screen when a fetch fails, and fetches again on the next change', () => {
    const changes = new Subject<void>();
    let fail = false;
    const seen: string[] = [];
    fetchOnChange(
      of('q'),
      () => changes,
      () => (fail ? throwError(() => new Error('offline')) : of('fresh')),
    ).subscribe((fetched) => seen.push(fetched.result));
    fail = true;
    changes.next();
    fail = false;
    changes.next();
    expect(seen).toEqual(['fresh', 'fresh']);
  });
});
