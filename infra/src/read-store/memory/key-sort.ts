/**
 * Sorting many entries by string keys, in code-unit order (as `<` compares
 * strings), stable for equal keys: a most-significant-digit radix sort whose
 * digits are the next one or two code units after what a group's keys share,
 * each pass a native sort of numbers. A comparator sort of a million index
 * entries in random order spends most of its time in string comparisons (8.3 s
 * for 1M results keyed by test, against 2.1 s this way). Keys that come in
 * long ordered runs (rows appended by time) are left to TimSort, which files
 * them in a pass or a few, where a radix sort would split them a unit at a time.
 */

/** Groups this small are finished by insertion: a typed array and a native sort cost more than they save. */
const INSERTION_AT_MOST = 12;
/** A float64 holds integers exactly up to 2^53: a digit's bits and a position's share them. */
const EXACT_BITS = 53;
/** A code unit plus one (0 is "the key has ended"), so a key sorts before its own extensions. */
const UNIT_BITS = 17;
/** Runs at least this long on average (ascending, or strictly descending) are TimSort's to merge. */
const TIMSORT_RUN_LENGTH = 32;

/** `entries` in the order of their keys, entries with equal keys in their order; undefined when an entry has no key. */
export function sortByKeys<E>(entries: readonly E[], keyOf: (entry: E) => string | undefined): E[] | undefined {
  const n = entries.length;
  const keys = new Array<string>(n);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const key = keyOf(entries[i]!);
    if (key === undefined) return undefined;
    keys[i] = key;
    order[i] = i;
  }
  // One buffer of each kind for every group: many small typed arrays would each count as external memory, which makes V8 collect.
  sortGroup(keys, order, { order: new Uint32Array(n), packed: new Float64Array(n) }, 0, n, 0);
  const sorted = new Array<E>(n);
  for (let i = 0; i < n; i++) sorted[i] = entries[order[i]!]!;
  return sorted;
}

/** Room for one group's work, at the group's positions. */
interface Scratch {
  order: Uint32Array;
  packed: Float64Array;
}

/** Sorts `order[start, end)`, whose keys share their first `depth` code units (a group keeps its entries' input order). */
function sortGroup(keys: readonly string[], order: Uint32Array, scratch: Scratch, start: number, end: number, depth: number): void {
  const size = end - start;
  if (size <= INSERTION_AT_MOST) return insertionSort(keys, order, start, end);
  const positionBits = Math.max(1, Math.ceil(Math.log2(size)));
  const units = positionBits + 2 * UNIT_BITS <= EXACT_BITS ? 2 : 1;
  if (positionBits + units * UNIT_BITS > EXACT_BITS || inLongRuns(keys, order, start, end)) return comparatorSort(keys, order, start, end);
  const depthHere = sharedLength(keys, order, start, end, depth);
  const scale = 2 ** positionBits;
  // Each entry as (digit, position in the group): sorting these numbers orders the group by digit, stably.
  const packed = scratch.packed.subarray(start, end);
  for (let i = 0; i < size; i++) packed[i] = digitOf(keys[order[start + i]!]!, depthHere, units) * scale + i;
  packed.sort();
  for (let i = 0; i < size; i++) scratch.order[start + i] = order[start + (packed[i]! % scale)]!;
  order.set(scratch.order.subarray(start, end), start);
  // Entries with one digit form a group sorted by what follows; digit 0 means keys that ended here, which are equal.
  let groupStart = 0;
  for (let i = 1; i <= size; i++) {
    const digit = Math.floor(packed[groupStart]! / scale);
    if (i < size && Math.floor(packed[i]! / scale) === digit) continue;
    if (i - groupStart > 1 && digit !== 0) sortGroup(keys, order, scratch, start + groupStart, start + i, depthHere + units);
    groupStart = i;
  }
}

/** Whether the group's keys, in their order, form runs of TIMSORT_RUN_LENGTH or more on average (counted as TimSort finds runs). */
function inLongRuns(keys: readonly string[], order: Uint32Array, start: number, end: number): boolean {
  const allowed = Math.floor((end - start) / TIMSORT_RUN_LENGTH);
  let runs = 0;
  for (let i = start; i < end && runs <= allowed; runs++) {
    let next = i + 1;
    if (next < end && keys[order[next]!]! < keys[order[i]!]!) while (next < end && keys[order[next]!]! < keys[order[next - 1]!]!) next++;
    else while (next < end && keys[order[next]!]! >= keys[order[next - 1]!]!) next++;
    i = next;
  }
  return runs <= allowed;
}

/** How many code units from the start the group's keys all share (at least `depth`, which they are known to share). */
function sharedLength(keys: readonly string[], order: Uint32Array, start: number, end: number, depth: number): number {
  const first = keys[order[start]!]!;
  let shared = first.length;
  for (let i = start + 1; i < end && shared > depth; i++) {
    const key = keys[order[i]!]!;
    let length = depth;
    const limit = Math.min(shared, key.length);
    while (length < limit && key.charCodeAt(length) === first.charCodeAt(length)) length++;
    shared = length;
  }
  return shared;
}

function digitOf(key: string, depth: number, units: 1 | 2): number {
  const high = depth < key.length ? key.charCodeAt(depth) + 1 : 0;
  if (units === 1) return high;
  return high * 2 ** UNIT_BITS + (depth + 1 < key.length ? key.charCodeAt(depth + 1) + 1 : 0);
}

function insertionSort(keys: readonly string[], order: Uint32Array, start: number, end: number): void {
  for (let i = start + 1; i < end; i++) {
    const moving = order[i]!;
    const key = keys[moving]!;
    let j = i - 1;
    for (; j >= start && keys[order[j]!]! > key; j--) order[j + 1] = order[j]!;
    order[j + 1] = moving;
  }
}

/** TimSort by keys, ties by input order: for long runs, and for a group too large for a position beside a digit in 53 bits (over 2^36 entries). */
function comparatorSort(keys: readonly string[], order: Uint32Array, start: number, end: number): void {
  const sorted = Array.from(order.subarray(start, end)).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b));
  order.set(sorted, start);
}
