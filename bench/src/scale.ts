/**
 * BENCH_SCALE (default 1) shrinks every dataset and measuring window for smoke
 * runs; `npm run bench -- --quick` sets it to 0.02. Only scale 1 gives figures
 * to compare with the targets: the table says so when a run is scaled.
 */
export const QUICK_SCALE = 0.02;

export function benchScale(): number {
  const raw = process.env.BENCH_SCALE;
  if (raw === undefined || raw === '') return 1;
  const scale = Number(raw);
  if (!(scale > 0 && scale <= 1)) throw new Error(`BENCH_SCALE must be in (0, 1]; got "${raw}"`);
  return scale;
}

/** A size or a duration at the current scale, never below `minimum`. */
export function scaled(full: number, minimum = 1): number {
  return Math.max(minimum, Math.round(full * benchScale()));
}
