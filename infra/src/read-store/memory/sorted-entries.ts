/**
 * A sorted list with positions: entries kept in chunks of a few hundred sorted
 * entries, and a Fenwick tree over the chunk sizes. Inserting or removing moves
 * at most one chunk's entries; finding a position, or how many entries come
 * before a key, takes two binary searches. That is what lets an index skip to
 * page 1,000 or count a range without walking it.
 *
 * Inserts wait in an unsorted buffer until the list is next read or changed
 * otherwise. A few are then inserted one by one; many (a rebuild folding the
 * whole log before anyone asks) are sorted once and merged in one pass, which
 * costs a fraction of a binary-searched insert each.
 */
import { sortByKeys } from './key-sort.ts';

export class SortedEntries<E> {
  private chunks: E[][] = [];
  /** 1-based Fenwick tree over `chunks[i].length`. */
  private counts: number[] = [0];
  /** Entries in the chunks and in the buffer. */
  private total = 0;
  private pending: E[] = [];
  /**
   * The keys of the buffered inserts that have one, gathered at the first
   * delete that meets a buffer (a rebuild that only inserts never hashes them),
   * and how many inserts of each key were deleted again before they were filed
   * (a value can come, go and come back within one batch: the earliest inserts
   * are the ones withdrawn).
   */
  private pendingKeys: Set<string> | undefined;
  private withdrawn = new Map<string, number>();

  private readonly chunkSize: number;
  private readonly sortKey: ((entry: E) => string | undefined) | undefined;

  /**
   * `sortKey`, when given, is a string for an entry that is unique and sorts
   * (by code units) exactly as `compare` does: a delete finds a buffered insert by it.
   */
  constructor(
    private readonly compare: (a: E, b: E) => number,
    options: { chunkSize?: number; sortKey?: (entry: E) => string | undefined } = {},
  ) {
    this.chunkSize = options.chunkSize ?? 256;
    this.sortKey = options.sortKey;
  }

  get size(): number {
    return this.total;
  }

  insert(entry: E): void {
    this.total++;
    this.pending.push(entry);
    if (!this.pendingKeys) return;
    const key = this.sortKey!(entry);
    if (key !== undefined) this.pendingKeys.add(key);
  }

  /** The buffered inserts' keys, gathered now if no delete needed them since the last settle. */
  private bufferedKeys(): Set<string> {
    if (!this.pendingKeys) {
      this.pendingKeys = new Set();
      for (const entry of this.pending) {
        const key = this.sortKey!(entry);
        if (key !== undefined) this.pendingKeys.add(key);
      }
    }
    return this.pendingKeys;
  }

  /** Files the buffered inserts: one by one when they are few beside the list, by one sort and merge when many. */
  settle(): void {
    let pending = this.pending;
    if (pending.length === 0) return;
    this.pending = [];
    this.pendingKeys = undefined;
    if (this.withdrawn.size > 0) {
      const withdrawn = this.withdrawn;
      pending = pending.filter((entry) => {
        const key = this.sortKey!(entry);
        const times = key === undefined ? 0 : (withdrawn.get(key) ?? 0);
        if (times === 0) return true;
        withdrawn.set(key!, times - 1);
        return false;
      });
      this.withdrawn = new Map();
    }
    if (pending.length < MERGE_AT_LEAST || pending.length * MERGE_RATIO < this.total - pending.length) {
      for (const entry of pending) this.insertOne(entry);
      return;
    }
    const merged = mergeSorted(this.chunks, this.sorted(pending), this.compare);
    this.chunks = [];
    for (let start = 0; start < merged.length; start += this.chunkSize) this.chunks.push(merged.slice(start, start + this.chunkSize));
    this.rebuildCounts();
  }

  /**
   * Replaces the list with `entries`, which a snapshot kept in order: checked in
   * one pass and filed as they are, or sorted first when the order does not hold.
   */
  load(entries: E[]): void {
    this.clear();
    let ordered = true;
    for (let i = 1; i < entries.length && ordered; i++) ordered = this.compare(entries[i - 1]!, entries[i]!) <= 0;
    const sorted = ordered ? entries : this.sorted(entries);
    for (let start = 0; start < sorted.length; start += this.chunkSize) this.chunks.push(sorted.slice(start, start + this.chunkSize));
    this.total = sorted.length;
    this.rebuildCounts();
  }

  /** Many entries in order: by their keys' radix when all have one, which compares numbers instead of strings (key-sort.ts). */
  private sorted(entries: E[]): E[] {
    const byKeys = this.sortKey && entries.length >= RADIX_AT_LEAST ? sortByKeys(entries, this.sortKey) : undefined;
    return byKeys ?? entries.sort(this.compare);
  }

  private insertOne(entry: E): void {
    if (this.chunks.length === 0) {
      this.chunks.push([entry]);
      this.rebuildCounts();
      return;
    }
    const chunkIndex = this.chunkFor(entry, true);
    const chunk = this.chunks[chunkIndex]!;
    chunk.splice(upperBound(chunk, entry, this.compare), 0, entry);
    if (chunk.length > 2 * this.chunkSize) {
      this.chunks.splice(chunkIndex + 1, 0, chunk.splice(this.chunkSize));
      this.rebuildCounts();
    } else {
      this.addCount(chunkIndex, 1);
    }
  }

  /**
   * Removes the entry that compares equal to `entry`; false when there is none.
   * An entry with a key is taken out of the buffer if it is still there, and
   * otherwise out of the filed list, which the buffer does not disturb: a
   * rebuild that replaces documents while it inserts never sorts the buffer early.
   */
  delete(entry: E): boolean {
    const key = this.sortKey?.(entry);
    if (key !== undefined && this.pending.length > 0 && this.bufferedKeys().has(key)) {
      this.pendingKeys!.delete(key);
      this.withdrawn.set(key, (this.withdrawn.get(key) ?? 0) + 1);
      this.total--;
      return true;
    }
    if (key === undefined) this.settle();
    if (this.chunks.length === 0) return false;
    const chunkIndex = this.chunkFor(entry);
    const chunk = this.chunks[chunkIndex]!;
    const position = lowerBound(chunk, entry, this.compare);
    if (position >= chunk.length || this.compare(chunk[position]!, entry) !== 0) return false;
    chunk.splice(position, 1);
    this.total--;
    if (chunk.length === 0) {
      this.chunks.splice(chunkIndex, 1);
      this.rebuildCounts();
    } else {
      this.addCount(chunkIndex, -1);
    }
    return true;
  }

  clear(): void {
    this.pending = [];
    this.pendingKeys = undefined;
    this.withdrawn.clear();
    this.chunks = [];
    this.counts = [0];
    this.total = 0;
  }

  /**
   * How many entries come before the first one for which `before` is false.
   * `before` must hold for a leading run of the list and then never again.
   */
  rank(before: (entry: E) => boolean): number {
    this.settle();
    let low = 0;
    let high = this.chunks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const chunk = this.chunks[middle]!;
      if (before(chunk[chunk.length - 1]!)) low = middle + 1;
      else high = middle;
    }
    if (low === this.chunks.length) return this.total;
    const chunk = this.chunks[low]!;
    let start = 0;
    let end = chunk.length;
    while (start < end) {
      const middle = (start + end) >>> 1;
      if (before(chunk[middle]!)) start = middle + 1;
      else end = middle;
    }
    return this.prefixCount(low) + start;
  }

  /**
   * Calls `visit` on the entries at positions [from, to) in order (or from
   * to-1 down to from when `backwards`), until it returns false.
   */
  forEach(from: number, to: number, visit: (entry: E) => boolean | void, backwards = false): void {
    if (from >= to) return;
    this.settle();
    if (backwards) {
      let [chunkIndex, offset] = this.locate(to - 1);
      for (let remaining = to - from; remaining > 0; chunkIndex--) {
        const chunk = this.chunks[chunkIndex]!;
        for (let i = offset; i >= 0 && remaining > 0; i--, remaining--) if (visit(chunk[i]!) === false) return;
        offset = (this.chunks[chunkIndex - 1]?.length ?? 0) - 1;
      }
      return;
    }
    let [chunkIndex, offset] = this.locate(from);
    for (let remaining = to - from; remaining > 0; chunkIndex++, offset = 0) {
      const chunk = this.chunks[chunkIndex]!;
      for (let i = offset; i < chunk.length && remaining > 0; i++, remaining--) if (visit(chunk[i]!) === false) return;
    }
  }

  /** Every entry, in order. */
  *[Symbol.iterator](): IterableIterator<E> {
    this.settle();
    for (const chunk of this.chunks) yield* chunk;
  }

  /**
   * The first chunk whose last entry is not before `entry` (the last chunk when all are);
   * with `afterEqual`, the first whose last entry sorts after it, so an insert goes after all its equals.
   */
  private chunkFor(entry: E, afterEqual = false): number {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const chunk = this.chunks[middle]!;
      const order = this.compare(chunk[chunk.length - 1]!, entry);
      if (order < 0 || (afterEqual && order === 0)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The chunk and offset of position `rank` (0-based), by descending the Fenwick tree. */
  private locate(rank: number): [chunk: number, offset: number] {
    let index = 0;
    let remaining = rank;
    for (let step = highestPowerOfTwo(this.chunks.length); step > 0; step >>= 1) {
      const next = index + step;
      if (next <= this.chunks.length && this.counts[next]! <= remaining) {
        index = next;
        remaining -= this.counts[next]!;
      }
    }
    return [index, remaining];
  }

  /** Entries in the chunks before `chunkIndex`. */
  private prefixCount(chunkIndex: number): number {
    let sum = 0;
    for (let i = chunkIndex; i > 0; i -= i & -i) sum += this.counts[i]!;
    return sum;
  }

  private addCount(chunkIndex: number, delta: number): void {
    for (let i = chunkIndex + 1; i < this.counts.length; i += i & -i) this.counts[i]! += delta;
  }

  private rebuildCounts(): void {
    const counts = new Array<number>(this.chunks.length + 1).fill(0);
    for (let i = 1; i <= this.chunks.length; i++) {
      counts[i]! += this.chunks[i - 1]!.length;
      const parent = i + (i & -i);
      if (parent <= this.chunks.length) counts[parent]! += counts[i]!;
    }
    this.counts = counts;
  }
}

/** Below this many entries to sort, a comparator sort is as fast as a radix sort's set-up. */
const RADIX_AT_LEAST = 256;
/** Below this many buffered inserts, inserting them one by one is as cheap as a merge. */
const MERGE_AT_LEAST = 64;
/** A merge rewrites the whole list, so it waits until the buffer is at least 1/MERGE_RATIO of it. */
const MERGE_RATIO = 16;

/** The chunks' entries and the sorted `extra` in one sorted array; on ties the chunks' entries first, as one-by-one inserts after equal entries would have them. */
function mergeSorted<E>(chunks: readonly E[][], extra: readonly E[], compare: (a: E, b: E) => number): E[] {
  const merged: E[] = [];
  let next = 0;
  for (const chunk of chunks) {
    for (const entry of chunk) {
      while (next < extra.length && compare(extra[next]!, entry) < 0) merged.push(extra[next++]!);
      merged.push(entry);
    }
  }
  while (next < extra.length) merged.push(extra[next++]!);
  return merged;
}

function highestPowerOfTwo(n: number): number {
  let power = 1;
  while (power * 2 <= n) power *= 2;
  return n === 0 ? 0 : power;
}

/** First position whose entry is not before `entry`. */
function lowerBound<E>(list: E[], entry: E, compare: (a: E, b: E) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(list[middle]!, entry) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** First position whose entry sorts after `entry`. */
function upperBound<E>(list: E[], entry: E, compare: (a: E, b: E) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(list[middle]!, entry) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
