import type { HistogramPoint, StatusSlice } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { progressOf } from '../../entities/plan/plan-api.ts';
import { barWidth, histogramSeries, labelInterval, showsLabel, sliceItems, unestimated } from './statistics-figures.ts';

const slice = (id: number | null, label: string, value: number, estimates: number, empty: number): StatusSlice => ({
  id,
  label,
  color: id === null ? 'rgba(160, 160, 160, 1)' : `#00000${id}`,
  value,
  estimates,
  empty_estimates: empty,
});
const slices = [
  slice(2, 'PASSED', 5, 90, 1),
  slice(1, 'FAILED', 2, 30, 2),
  slice(null, 'UNTESTED', 3, 45.5, 3),
  slice(6, 'RETEST', 0, 0, 0),
];

describe('the pies’ figures (cases-and-plans §2, §4.5)', () => {
  it('turn the statuses into parts, counted or by estimates, with their own colours and labels', () => {
    expect(sliceItems(slices, 'value', (label) => label.toLowerCase())).toEqual([
      { key: '2', label: 'passed', value: 5, color: '#000002' },
      { key: '1', label: 'failed', value: 2, color: '#000001' },
      { key: 'untested', label: 'untested', value: 3, color: 'rgba(160, 160, 160, 1)' },
      { key: '6', label: 'retest', value: 0, color: '#000006' },
    ]);
    expect(sliceItems(slices, 'estimates', String).map((item) => item.value)).toEqual([90, 30, 45.5, 0]);
  });

  it('count the unestimated tests: N those with a status, M all of them', () => {
    expect(unestimated(slices)).toEqual({ tested: 3, all: 6 });
    expect(unestimated([slice(null, 'UNTESTED', 4, 0, 4)])).toEqual({ tested: 0, all: 4 });
  });
});

describe('the child plans’ progress (§4.5 child-plan mode)', () => {
  it('is the tested share of all tests, as counts or as estimates', () => {
    expect(progressOf(slices)).toMatchObject({ total: 10, tested: 7 });
    expect(progressOf(slices, 'estimates')).toMatchObject({ total: 165.5, tested: 120 });
    expect(progressOf([])).toMatchObject({ total: 0, tested: 0 });
  });
});

describe('the histogram’s figures (§4.6, §9)', () => {
  const point = (day: string, passed: number, failed: number): HistogramPoint => ({
    point: day,
    '2': { label: 'passed', count: passed, color: '#4DAF7C' },
    '1': { label: 'failed', count: failed, color: '#C44D56' },
  });

  it('stack one series per status across the points', () => {
    expect(histogramSeries([point('2026-03-01', 1, 0), point('2026-03-02', 4, 2)])).toEqual({
      categories: ['2026-03-01', '2026-03-02'],
      series: [
        { label: 'failed', color: '#C44D56', counts: [0, 2] },
        { label: 'passed', color: '#4DAF7C', counts: [1, 4] },
      ],
    });
    expect(histogramSeries([])).toEqual({ categories: [], series: [] });
  });

  it('count zero for a status a point lacks (attribute buckets)', () => {
    const release: HistogramPoint = { point: '1.2', '2': { label: 'passed', count: 3, color: '#4DAF7C' } };
    expect(histogramSeries([point('1.1', 1, 1), release]).series.map((status) => status.counts)).toEqual([
      [1, 0],
      [1, 3],
    ]);
  });

  it('show every x-axis label up to 10 points, else every (points/8 rounded down + 1)-th', () => {
    expect([1, 7, 10].map(labelInterval)).toEqual([0, 0, 0]);
    expect([11, 16, 17, 31, 90].map(labelInterval)).toEqual([1, 2, 2, 3, 11]);
    const shown = (points: number) =>
      Array.from({ length: points }, (_, index) => index).filter((index) => showsLabel(index, labelInterval(points)));
    expect(shown(7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(shown(17)).toEqual([0, 3, 6, 9, 12, 15]);
  });

  it('make bars 40 px wide where they leave room between them, a share of their slot where not', () => {
    expect(barWidth(7, 900)).toBe('40px');
    expect(barWidth(30, 900)).toBe('80%');
    expect(barWidth(7, 0)).toBe('80%');
  });
});
