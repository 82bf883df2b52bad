/** How many legend items show before "Show All (+N)" (§9). */
export const LEGEND_VISIBLE = 7;

/** A part of a whole in percent, rounded to two decimals (§9); a part of nothing is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100;
}

/** A legend as shown: the first seven items while closed, then how many more "Show All" opens. */
export function legendShown<T>(items: readonly T[], opened: boolean): { shown: readonly T[]; more: number } {
  if (opened || items.length <= LEGEND_VISIBLE) return { shown: items, more: 0 };
  return { shown: items.slice(0, LEGEND_VISIBLE), more: items.length - LEGEND_VISIBLE };
}
