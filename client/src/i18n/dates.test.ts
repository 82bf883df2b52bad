import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './dates.ts';

describe('how long ago', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('reads in English and Russian, in the largest whole unit', () => {
    expect(formatTimeAgo(ago(30), 'en', now)).toBe('0 minutes ago');
    expect(formatTimeAgo(ago(120), 'en', now)).toBe('2 minutes ago');
    expect(formatTimeAgo(ago(120), 'ru', now)).toBe('2 минуты назад');
    expect(formatTimeAgo(ago(5 * 3600), 'ru', now)).toBe('5 часов назад');
    expect(formatTimeAgo(ago(3 * 24 * 3600), 'en', now)).toBe('3 days ago');
    expect(formatTimeAgo(ago(400 * 24 * 3600), 'ru', now)).toBe('1 год назад');
  });
});
