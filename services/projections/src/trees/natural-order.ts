/** Digit runs longer than this compare by their first digits only (no name in a tree carries such a number). */
const LONGEST_RUN = 99;

/**
 * A name's key for the trees' natural, case-insensitive order ("Area 2" before
 * "Area 10", "area 3" beside "Area 3"): lower-cased, with each run of digits
 * written as its length in two digits, then its digits without leading zeros.
 * Compared as plain strings (as both read stores sort), keys then compare
 * numbers by value, and everything else as the lower-cased names do, since
 * the length starts with a digit where the run did.
 */
export function naturalSortKey(name: string): string {
  return name.toLowerCase().replace(/\d+/g, (run) => {
    const digits = run.replace(/^0+(?=\d)/, '');
    return String(Math.min(digits.length, LONGEST_RUN)).padStart(2, '0') + digits;
  });
}

/** Orders nodes by their keys, then by id, so equal names keep one order on every page. */
export function bySortKey(a: { sortKey: string; id: number }, b: { sortKey: string; id: number }): number {
  return a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : a.id - b.id;
}
