/** Small helpers shared by the benchmarks: timing, percentiles, a result row. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  target?: { op: '>=' | '<='; value: number };
  detail?: Record<string, number | string>;
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return 0;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)]!;
}

export function met(result: BenchResult): boolean | undefined {
  if (!result.target) return undefined;
  return result.target.op === '>=' ? result.value >= result.target.value : result.value <= result.target.value;
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

export function elapsedSeconds(startedAt: number): number {
  return (performance.now() - startedAt) / 1000;
}
