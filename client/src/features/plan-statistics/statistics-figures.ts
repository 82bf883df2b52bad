import type { HistogramEntry, HistogramPoint, StatusSlice } from '@testament/contracts';
import type { StatisticsItem } from '../../components/charts/StatisticsBar.tsx';
import type { ProgressMeasure } from '../plans/plan-api.ts';

/** §9: the histogram's bars are 40 px wide where they fit. */
export const BAR_SIZE = 40;
/** Room kept between two bars of that width. */
const BAR_GAP = 8;
/** Where 40 px bars would touch, each takes this share of its slot instead. */
const CROWDED_BAR_WIDTH = '80%';
/** §9: with more points than this, only some x-axis labels show. */
const ALL_LABELS_UP_TO = 10;

/** The statuses of a statistics answer as a chart's parts: their tests, or their estimates. */
export function sliceItems(slices: readonly StatusSlice[], measure: ProgressMeasure, labelOf: (label: string) => string): StatisticsItem[] {
  return slices.map((slice) => ({ key: String(slice.id ?? 'untested'), label: labelOf(slice.label), value: slice[measure], color: slice.color }));
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
