/**
 * A sorted list with positions: entries kept in chunks of a few hundred sorted
 * entries, and a Fenwick tree over the chunk sizes. Inserting or removing moves
 * at most one chunk's entries; finding a position, or how many entries come
 * before a key, takes two binary searches. That is what lets an index skip to
 * page 1,000 or count a range without walking it.
 */
export class SortedEntries<E> {
  private chunks: E[][] = [];
  /** 1-based Fenwick tree over `chunks[i].length`. */
  private counts: number[] = [0];
  private total = 0;

  constructor(
    private readonly compare: (a: E, b: E) => number,
    private readonly chunkSize = 256,
  ) {}

  get size(): number {
    return this.total;
  }

  insert(entry: E): void {
    this.total++;
    if (this.chunks.length === 0) {
      this.chunks.push([entry]);
      this.rebuildCounts();
      return;
    }
    const chunkIndex = this.chunkFor(entry);
    const chunk = this.chunks[chunkIndex]!;
    chunk.splice(upperBound(chunk, entry, this.compare), 0, entry);
    if (chunk.length > 2 * this.chunkSize) {
      this.chunks.splice(chunkIndex + 1, 0, chunk.splice(this.chunkSize));
      this.rebuildCounts();
    } else {
      this.addCount(chunkIndex, 1);
    }
  }

  /** Removes the entry that compares equal to `entry`; false when there is none. */
  delete(entry: E): boolean {
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
    this.chunks = [];
    this.counts = [0];
    this.total = 0;
  }

  /**
   * How many entries come before the first one for which `before` is false.
   * `before` must hold for a leading run of the list and then never again.
   */
  rank(before: (entry: E) => boolean): number {
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
    for (const chunk of this.chunks) yield* chunk;
  }

  /** The first chunk whose last entry is not before `entry` (the last chunk when all are). */
  private chunkFor(entry: E): number {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const chunk = this.chunks[middle]!;
      if (this.compare(chunk[chunk.length - 1]!, entry) < 0) low = middle + 1;
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
