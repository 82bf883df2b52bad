/** Small helpers shared by the benchmarks: timing, percentiles, a result row and its baseline. */

/** A figure measured in the same run on the same machine, so a result reads the same on any machine. */
export interface Baseline {
  name: string;
  value: number;
  unit: string;
}

export interface Target {
  op: '>=' | '<=';
  value: number;
}

export interface BenchResult {
  name: string;
  /** NaN when the figure could not be measured (printed as n/a, written as null). */
  value: number;
  unit: string;
  target?: Target;
  baseline?: Baseline;
  /** value / baseline.value. */
  ratio?: number;
  /** A target on the ratio rather than on the value. */
  ratioTarget?: Target;
  detail?: Record<string, number | string>;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)]!;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function summarize(samplesMs: readonly number[]): LatencySummary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50), 2),
    p95: round(percentile(sorted, 95), 2),
    p99: round(percentile(sorted, 99), 2),
    max: round(sorted.at(-1) ?? NaN, 2),
  };
}

/** Attaches the baseline and the ratio to it. */
export function against(result: BenchResult, baseline: Baseline, ratioTarget?: Target): BenchResult {
  // A zero baseline (no failures, no measurable delay) has no meaningful ratio.
  // Three significant digits: a ratio of 0.0005 must not print as 0.
  const ratio = baseline.value === 0 ? NaN : Number((result.value / baseline.value).toPrecision(3));
  return { ...result, baseline, ratio, ...(ratioTarget ? { ratioTarget } : {}) };
}

function satisfies(value: number, target: Target): boolean {
  return target.op === '>=' ? value >= target.value : value <= target.value;
}

/** undefined when the row has no target; false when any target is missed or the figure is missing. */
export function met(result: BenchResult): boolean | undefined {
  const checks: boolean[] = [];
  if (result.target) checks.push(satisfies(result.value, result.target));
  if (result.ratioTarget && result.ratio !== undefined) checks.push(satisfies(result.ratio, result.ratioTarget));
  return checks.length === 0 ? undefined : checks.every(Boolean);
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

export function elapsedSeconds(startedAt: number): number {
  return (performance.now() - startedAt) / 1000;
}

export { inParallel } from '@testament/commands';

export { seededRandom } from '@testament/infra/testing/seeded-random';

export function log(message: string): void {
  console.error(`  ${message}`);
}
