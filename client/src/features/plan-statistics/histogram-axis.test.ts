import type { HistogramPoint } from '@testament/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chartOptions } from '../../components/charts/chart-options.ts';
import { countAxis, histogramOptions, MAX_COUNT_TICKS } from './statistics-figures.ts';

const STATUSES = [
  { id: '1', label: 'failed', color: '#C44D56' },
  { id: '2', label: 'passed', color: '#4DAF7C' },
  { id: '3', label: 'skipped', color: '#F0C419' },
  { id: '4', label: 'broken', color: '#7D4DAF' },
  { id: '5', label: 'blocked', color: '#4D7DAF' },
  { id: '6', label: 'retest', color: '#AF7D4D' },
];
const A_MILLION = 1_000_000;
const DAY = 86_400_000;
const labels = { plotWidth: 900, axisLabel: String, fullLabel: String };

/** Days from 2026-01-01 on, each with its results per status (a status without results is left out, as the server does). */
function histogram(days: number[][]): HistogramPoint[] {
  return days.map((counts, index) => {
    const point: HistogramPoint = { point: new Date(Date.UTC(2026, 0, 1) + index * DAY).toISOString().slice(0, 10) };
    counts.forEach((count, status) => {
      const { id, label, color } = STATUSES[status]!;
      if (count > 0) point[id] = { label, count, color };
    });
    return point;
  });
}

/** Up to a year of days, up to six statuses; counts from none to a million results on a day. */
const days = fc.integer({ min: 1, max: STATUSES.length }).chain((statuses) =>
  fc.array(fc.array(fc.oneof(fc.nat(20), fc.nat(5_000), fc.nat(A_MILLION)), { minLength: statuses, maxLength: statuses }), {
    minLength: 1,
    maxLength: 366,
  }),
);
/** One day holding a million results, split between the statuses in any way, among quieter days. */
const aMillionInOneDay = fc
  .record({
    quiet: fc.array(fc.array(fc.nat(1_000), { minLength: STATUSES.length, maxLength: STATUSES.length }), { maxLength: 90 }),
    split: fc.array(fc.nat(A_MILLION), { minLength: STATUSES.length - 1, maxLength: STATUSES.length - 1 }),
    at: fc.nat(),
  })
  .map(({ quiet, split, at }) => {
    const cuts = [0, ...[...split].sort((a, b) => a - b), A_MILLION];
    const busy = cuts.slice(1).map((cut, index) => cut - cuts[index]!);
    const all = [...quiet];
    all.splice(at % (quiet.length + 1), 0, busy);
    return all;
  });

const tallest = (dayCounts: number[][]) => Math.max(...dayCounts.map((counts) => counts.reduce((sum, count) => sum + count, 0)));
const isNiceStep = (step: number) => Number.isInteger(step) && step >= 1 && /^[125]0*$/.test(String(step));

/** The y-axis the chart is drawn with (the app's look laid under the histogram's own options), and what it says. */
function drawnYAxis(dayCounts: number[][]) {
  const { options } = histogramOptions(histogram(dayCounts), labels);
  const yaxis = chartOptions(options, { theme: 'light', language: 'en' }).yaxis;
  if (!yaxis || Array.isArray(yaxis)) throw new Error('one y-axis expected');
  return yaxis;
}

function expectBoundedAndWhole(dayCounts: number[][]) {
  const yaxis = drawnYAxis(dayCounts);
  const largest = tallest(dayCounts);
  expect(yaxis.stepSize).toBeUndefined();
  expect(yaxis.min).toBe(0);
  expect(yaxis.tickAmount).toBeGreaterThanOrEqual(1);
  expect(yaxis.tickAmount).toBeLessThanOrEqual(MAX_COUNT_TICKS);
  const max = yaxis.max as number;
  const step = max / (yaxis.tickAmount as number);
  // Whole counts get whole, round steps: 1, 2, 5, 10, 20, 50, …
  expect(isNiceStep(step), `step ${step}`).toBe(true);
  // No stack reaches past the top, and the top is no more than one step above the tallest.
  expect(max).toBeGreaterThanOrEqual(largest);
  expect(max - step).toBeLessThan(Math.max(1, largest));
}

describe('the histogram’s count axis (issue 45: a tick per result froze the browser)', () => {
  it('keeps at most ten whole, round steps that reach the tallest stack, for any histogram up to a million results a day', () => {
    fc.assert(fc.property(days, expectBoundedAndWhole), { numRuns: 300 });
  });

  it('shows a million results in one day whole, on the same few lines', () => {
    fc.assert(
      fc.property(aMillionInOneDay, (dayCounts) => {
        expectBoundedAndWhole(dayCounts);
        expect(drawnYAxis(dayCounts)).toMatchObject({ max: A_MILLION, tickAmount: 10 });
      }),
      { numRuns: 200 },
    );
  });

  it('labels at most nine days of the x-axis (every day up to ten), whatever the range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3_660 }), (points) => {
        const { options } = histogramOptions(histogram(Array.from({ length: points }, () => [1])), labels);
        const formatter = (options.xaxis!.labels!.formatter as (value: string) => string)!;
        const shown = (options.xaxis!.categories as string[]).filter((category) => formatter(category) !== '').length;
        expect(shown).toBeLessThanOrEqual(points <= 10 ? points : 9);
        expect(shown).toBeGreaterThanOrEqual(Math.min(points, 5));
      }),
    );
  });

  it('reads as people would draw it by hand', () => {
    expect(countAxis(0)).toEqual({ max: 1, step: 1, ticks: 1 });
    expect(countAxis(7)).toEqual({ max: 7, step: 1, ticks: 7 });
    expect(countAxis(10)).toEqual({ max: 10, step: 1, ticks: 10 });
    expect(countAxis(11)).toEqual({ max: 12, step: 2, ticks: 6 });
    expect(countAxis(23)).toEqual({ max: 25, step: 5, ticks: 5 });
    expect(countAxis(8_437)).toEqual({ max: 9_000, step: 1_000, ticks: 9 });
    expect(countAxis(A_MILLION + 1)).toEqual({ max: 1_200_000, step: 200_000, ticks: 6 });
  });
});
