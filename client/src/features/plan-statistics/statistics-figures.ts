import type { ApexOptions } from 'apexcharts';
import type { HistogramEntry, HistogramPoint, StatusSlice } from '@testament/contracts';
import type { StatisticsItem } from '../../components/charts/StatisticsBar.tsx';
import type { ProgressMeasure } from '../../entities/plan/plan-api.ts';

/** §9: the histogram's bars are 40 px wide where they fit. */
export const BAR_SIZE = 40;
/** Room kept between two bars of that width. */
const BAR_GAP = 8;
/** Where 40 px bars would touch, each takes this share of its slot instead. */
const CROWDED_BAR_WIDTH = '80%';
/** §9: with more points than this, only some x-axis labels show. */
const ALL_LABELS_UP_TO = 10;
/** The most steps a count axis is cut into, whatever its largest bar: more lines would only blur together. */
export const MAX_COUNT_TICKS = 10;
/** The leading digits of a nice step: 1, 2 or 5 times a power of ten. */
const NICE_STEPS = [1, 2, 5];

/** The statuses of a statistics answer as a chart's parts: their tests, or their estimates. */
export function sliceItems(slices: readonly StatusSlice[], measure: ProgressMeasure, labelOf: (label: string) => string): StatisticsItem[] {
  return slices.map((slice) => ({
    key: String(slice.id ?? 'untested'),
    label: labelOf(slice.label),
    value: slice[measure],
    color: slice.color,
  }));
}

/**
 * "Unestimated tests N/M" (§4.5): N the tests without an estimate that have a
 * status, M all tests without one.
 */
export function unestimated(slices: readonly StatusSlice[]): { tested: number; all: number } {
  const sum = (counted: readonly StatusSlice[]) => counted.reduce((total, slice) => total + slice.empty_estimates, 0);
  return { tested: sum(slices.filter((slice) => slice.id !== null)), all: sum(slices) };
}

/** One status's bars across the histogram's points. */
export interface HistogramSeries {
  /** The status's name as the server gives it (lower case). */
  label: string;
  color: string;
  counts: number[];
}

function entriesOf(point: HistogramPoint): Array<[string, HistogramEntry]> {
  return Object.entries(point).filter((entry): entry is [string, HistogramEntry] => typeof entry[1] !== 'string');
}

/** The histogram's points as stacked series, one per status, in the order the statuses first come. */
export function histogramSeries(points: readonly HistogramPoint[]): { categories: string[]; series: HistogramSeries[] } {
  const statuses = new Map<string, HistogramEntry>();
  for (const point of points) for (const [id, entry] of entriesOf(point)) if (!statuses.has(id)) statuses.set(id, entry);
  return {
    categories: points.map((point) => point.point),
    series: [...statuses].map(([id, { label, color }]) => ({
      label,
      color,
      counts: points.map((point) => {
        const entry = point[id];
        return typeof entry === 'object' ? entry.count : 0;
      }),
    })),
  };
}

/** §9: how many x-axis labels are skipped after each one shown: none up to 10 points, else an eighth of them. */
export function labelInterval(points: number): number {
  return points <= ALL_LABELS_UP_TO ? 0 : Math.floor(points / 8);
}

/** Whether the label of the point at `index` shows, every (interval + 1)-th from the first. */
export function showsLabel(index: number, interval: number): boolean {
  return index % (interval + 1) === 0;
}

/** The bars' width for apexcharts' `columnWidth`: 40 px where that leaves room between bars, a share of the slot where it would not. */
export function barWidth(points: number, plotWidth: number): string {
  return points > 0 && plotWidth / points >= BAR_SIZE + BAR_GAP ? `${BAR_SIZE}px` : CROWDED_BAR_WIDTH;
}

/** A count axis from zero: its top, the step between its lines, and how many steps (`top = step × ticks`). */
export interface CountAxis {
  max: number;
  step: number;
  ticks: number;
}

/**
 * The axis for bars of whole counts up to `largest`: a step of 1, 2 or 5 times a power of ten,
 * the smallest that needs at most `MAX_COUNT_TICKS` steps, and a top at the first step at or
 * above the largest bar, so no bar reaches past it. Counts of a million take as many lines as
 * counts of ten (a line per unit froze the browser at a few thousand).
 */
export function countAxis(largest: number): CountAxis {
  const top = Math.max(1, Math.ceil(largest));
  for (let power = 1; ; power *= 10) {
    for (const digit of NICE_STEPS) {
      const step = digit * power;
      const ticks = Math.ceil(top / step);
      if (ticks <= MAX_COUNT_TICKS) return { max: ticks * step, step, ticks };
    }
  }
}

/** The tallest stack of the histogram: the most results of any one point, all statuses together. */
export function tallestStack(series: readonly HistogramSeries[]): number {
  let tallest = 0;
  const points = series[0]?.counts.length ?? 0;
  for (let point = 0; point < points; point++) {
    let stack = 0;
    for (const status of series) stack += status.counts[point] ?? 0;
    tallest = Math.max(tallest, stack);
  }
  return tallest;
}

/** How the histogram's points read: on the x-axis, and in full in the tooltip. */
export interface HistogramLabels {
  /** The plot's width in pixels, for the bars' width. */
  plotWidth: number;
  axisLabel(point: string): string;
  fullLabel(point: string): string;
}

/**
 * The stacked bars' apexcharts options and series. Both axes stay bounded at any volume: at
 * most about ten y-axis lines (`countAxis`: bounds and steps fixed, so apexcharts draws those and
 * never a line per result) and about eight x-axis labels.
 */
export function histogramOptions(
  points: readonly HistogramPoint[],
  { plotWidth, axisLabel, fullLabel }: HistogramLabels,
): { options: ApexOptions; series: HistogramSeries[] } {
  const { categories, series } = histogramSeries(points);
  const interval = labelInterval(points.length);
  const axis = countAxis(tallestStack(series));
  const options: ApexOptions = {
    chart: { stacked: true },
    colors: series.map((status) => status.color),
    plotOptions: { bar: { columnWidth: barWidth(points.length, plotWidth) } },
    dataLabels: { enabled: false },
    legend: { position: 'bottom' },
    xaxis: {
      categories,
      // The points are the categories themselves (days or attribute values, each once), so a label finds its place whatever apexcharts
      // passes along.
      labels: {
        formatter: (value) => (showsLabel(categories.indexOf(String(value)), interval) ? axisLabel(String(value)) : ''),
        hideOverlappingLabels: false,
      },
    },
    yaxis: { min: 0, max: axis.max, tickAmount: axis.ticks, decimalsInFloat: 0 },
    tooltip: { x: { formatter: (value: string | number) => fullLabel(String(value)) } },
  };
  return { options, series };
}
