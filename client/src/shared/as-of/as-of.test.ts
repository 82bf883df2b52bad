import { describe, expect, it } from 'vitest';
import { asOfIn, withAsOf } from './as-of.ts';

describe('the “as of” instant in the address', () => {
  it('reads an ISO time, and nothing else, as the past to show', () => {
    expect(asOfIn(new URLSearchParams('as_of=2026-06-02T10:15:00.000Z'))).toBe('2026-06-02T10:15:00.000Z');
    expect(asOfIn(new URLSearchParams('as_of=2026-06-02'))).toBe('2026-06-02');
    expect(asOfIn(new URLSearchParams('as_of=yesterday'))).toBeNull();
    expect(asOfIn(new URLSearchParams('as_of=2026-06-02T25:00:00Z&x=1'))).toBeNull();
    expect(asOfIn(new URLSearchParams(''))).toBeNull();
  });

  it('writes the picked time to the minute in UTC beside what the address had, and takes it away for now', () => {
    const picked = withAsOf(new URLSearchParams('statuses=2'), new Date('2026-06-02T10:15:42.123Z'));
    expect(picked.toString()).toBe('statuses=2&as_of=2026-06-02T10%3A15%3A00.000Z');
    expect(withAsOf(picked, null).toString()).toBe('statuses=2');
  });
});
