import { describe, expect, it } from 'vitest';
import { formatEstimate } from './duration.ts';
import { parseEstimate } from './estimate.ts';

describe('estimates (§4.15)', () => {
  it('reads every format the case form accepts, a day being 8 hours', () => {
    const cases: Array<[string | number, number]> = [
      [120, 7_200],
      ['120', 7_200],
      ['1d 1h 1m 1s', 8 * 3_600 + 3_600 + 61],
      ['2 days', 16 * 3_600],
      ['2 days, 4:13:02', 16 * 3_600 + 4 * 3_600 + 13 * 60 + 2],
      ['4:13:02', 4 * 3_600 + 13 * 60 + 2],
      ['4:13:02.266', 4 * 3_600 + 13 * 60 + 2],
      ['34:56', 34 * 60 + 56],
      ['5hr34m56s', 5 * 3_600 + 34 * 60 + 56],
      ['5 hours 34 minutes 56 seconds', 5 * 3_600 + 34 * 60 + 56],
      ['5 hours, 34 minutes, 56 seconds', 5 * 3_600 + 34 * 60 + 56],
      ['1.5h', 5_400],
    ];
    for (const [input, seconds] of cases) expect(parseEstimate(input), String(input)).toEqual({ seconds });
  });

  it('refuses weeks, negative values and anything else', () => {
    expect(parseEstimate('1w')).toEqual({ error: 'Max estimate period is a day' });
    expect(parseEstimate('2 weeks 1d')).toEqual({ error: 'Max estimate period is a day' });
    expect(parseEstimate('-5')).toEqual({ error: 'Estimate cannot be negative.' });
    for (const input of ['', 'soon', '1 fortnight', '4:13:02:01', '1h later']) expect(parseEstimate(input), input).toHaveProperty('error');
  });

  it('renders in working days, hours, minutes and seconds, none as null', () => {
    expect(formatEstimate(36_000)).toBe('1d 2h');
    expect(formatEstimate(8 * 3_600 + 3_661)).toBe('1d 1h 1m 1s');
    expect(formatEstimate(0)).toBeNull();
    expect(formatEstimate(null)).toBeNull();
  });
});
