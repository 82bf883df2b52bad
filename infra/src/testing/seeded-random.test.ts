import { describe, expect, it } from 'vitest';
import { seededIntegers } from './seeded-random.ts';

describe('seeded random integers', () => {
  it('replays a seed and covers every value about evenly, odd ones too', () => {
    const draws = (seed: number) => {
      const random = seededIntegers(seed);
      return Array.from({ length: 6_000 }, () => random(6));
    };
    expect(draws(17)).toEqual(draws(17));
    expect(draws(17)).not.toEqual(draws(18));
    const counts = draws(17).reduce((tally, value) => tally.set(value, (tally.get(value) ?? 0) + 1), new Map<number, number>());
    expect([...counts.keys()].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    for (const count of counts.values()) expect(count).toBeGreaterThan(800);
  });
});
