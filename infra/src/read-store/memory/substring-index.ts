/**
 * Finds the records whose string field contains a text: what a search box
 * asks with `{field: {$regex: 'escaped text'}}`. A sorted index cannot narrow
 * an unanchored search, and testing every document means a cache miss per
 * document (a quarter of a second for 200,000 projects on a small server).
 * Here every value lives in one long string, each after a separator no search
 * contains, and the engine's native substring search runs over it: a few
 * milliseconds for the same 200,000 names. The text only grows on writes; a
 * changed or removed value leaves a dead stretch behind, and the text is
 * written afresh once the dead part outweighs a quarter of the live one.
 */
import type { Document } from '../../ports/read-store.ts';
import type { StoredRecord } from './sorted-index.ts';

/** Never part of a search this index answers (a search containing it goes to the general plans). */
const SEPARATOR = '\u0000';
/** How many searches are remembered (with their hits, a pointer per hit). */
const RECENT_SEARCHES = 8;
/** How many counts per remembered search (one per rest of a filter: a few audiences, people with favourites). */
const RECENT_COUNTS = 8;
/** Fewer dead values than this are not worth writing the text afresh. */
const MIN_DEAD_TO_COMPACT = 1_000;

/** A remembered count: how many hits of a search a predicate admits. */
interface RememberedCount {
  admits: (document: Document) => boolean;
  count: number;
}

/** A search remembered with its hits (as a list, and as a set once a page asks), and counts of the hits per filter, all kept exact through writes. */
interface RememberedSearch {
  hits: StoredRecord[];
  members: Set<StoredRecord> | undefined;
  counts: Map<string, RememberedCount>;
}

export class SubstringIndex {
  /** The searched text so far; `pending` is appended to it before the next search. */
  private text = '';
  private pending: string[] = [];
  private textLength = 0;
  /** Per segment: where its value starts in the text, and whose value it is (undefined once dead). */
  private starts: number[] = [];
  private owners: (StoredRecord | undefined)[] = [];
  private readonly segmentOf = new Map<StoredRecord, number>();
  private dead = 0;
  /** The latest searches with their hits, oldest first, until a value changes or goes. */
  private readonly recentSearches = new Map<string, RememberedSearch>();
  /** Records whose value is neither a string nor missing (an array, a number...): the filter decides for them. */
  readonly undecided = new Set<StoredRecord>();
  /** Records without a value, or with null: no text is in them. */
  readonly absent = new Set<StoredRecord>();

  constructor(
    readonly field: string,
    private readonly minDeadToCompact = MIN_DEAD_TO_COMPACT,
  ) {}

  static canSearch(text: string): boolean {
    return !text.includes(SEPARATOR);
  }

  /** Live records that have a string value. */
  get size(): number {
    return this.segmentOf.size;
  }

  add(record: StoredRecord): void {
    const value = record.doc[this.field];
    if (typeof value === 'string') {
      this.append(record, value);
      // New values go last, so a remembered search stays right (and in order) by taking the new one in if it matches.
      for (const [text, search] of this.recentSearches) {
        if (!value.includes(text)) continue;
        search.hits.push(record);
        search.members?.add(record);
        for (const counted of search.counts.values()) if (counted.admits(record.doc)) counted.count++;
      }
    }
    else if (value === undefined || value === null) this.absent.add(record);
    else this.undecided.add(record);
  }

  remove(record: StoredRecord): void {
    this.recentSearches.clear();
    this.undecided.delete(record);
    this.absent.delete(record);
    const segment = this.segmentOf.get(record);
    if (segment === undefined) return;
    this.segmentOf.delete(record);
    this.owners[segment] = undefined;
    this.dead++;
    if (this.dead >= this.minDeadToCompact && this.dead * 4 > this.segmentOf.size) this.compact();
  }

  /** After `record.doc` changed from `previous`. */
  update(record: StoredRecord, previous: Document): void {
    const value = record.doc[this.field];
    if (previous[this.field] !== value) {
      this.remove(record);
      this.add(record);
      return;
    }
    // Same value, so the same hits; other fields may have changed what a remembered count admits.
    if (typeof value !== 'string') return;
    for (const [text, search] of this.recentSearches) {
      if (!value.includes(text)) continue;
      for (const counted of search.counts.values()) counted.count += Number(counted.admits(record.doc)) - Number(counted.admits(previous));
    }
  }

  clear(): void {
    this.recentSearches.clear();
    this.text = '';
    this.pending = [];
    this.textLength = 0;
    this.starts = [];
    this.owners = [];
    this.segmentOf.clear();
    this.dead = 0;
    this.undecided.clear();
    this.absent.clear();
  }

  /** The records whose value contains `text` (which must pass `canSearch`), each once, in the index's order. */
  search(text: string): readonly StoredRecord[] {
    return this.remembered(text).hits;
  }

  /** The same records as `search`, as a set to test records against: built once per remembered search, not per page. */
  hitSet(text: string): ReadonlySet<StoredRecord> {
    const search = this.remembered(text);
    return (search.members ??= new Set(search.hits));
  }

  /**
   * How many hits of `text` a filter admits: `key` names the filter and
   * `admitter` compiles it when the count is not remembered. The count is
   * remembered with the search and kept exact as documents come, change and go.
   */
  countHits(text: string, key: string, admitter: () => (document: Document) => boolean): number {
    const { hits, counts } = this.remembered(text);
    let counted = counts.get(key);
    if (!counted) {
      const admits = admitter();
      let count = 0;
      for (const record of hits) if (admits(record.doc)) count++;
      if (counts.size >= RECENT_COUNTS) counts.delete(counts.keys().next().value!);
      counts.set(key, (counted = { admits, count }));
    }
    return counted.count;
  }

  private remembered(text: string): RememberedSearch {
    // A page and its count search for the same text one after the other, and people repeat searches.
    let search = this.recentSearches.get(text);
    if (search) this.recentSearches.delete(text);
    else if (this.recentSearches.size >= RECENT_SEARCHES) this.recentSearches.delete(this.recentSearches.keys().next().value!);
    this.recentSearches.set(text, (search ??= { hits: this.find(text), members: undefined, counts: new Map() }));
    return search;
  }

  private find(text: string): StoredRecord[] {
    const hits: StoredRecord[] = [];
    if (text === '') {
      for (const owner of this.owners) if (owner) hits.push(owner);
      return hits;
    }
    const whole = this.flattened();
    let segment = 0;
    for (let at = whole.indexOf(text); at >= 0; ) {
      segment = this.segmentAt(at, segment);
      const owner = this.owners[segment];
      if (owner) hits.push(owner);
      // One hit per value is enough: go on from the next value.
      const next = this.starts[segment + 1];
      at = next === undefined ? -1 : whole.indexOf(text, next);
    }
    return hits;
  }

  /** Live records with a string value that `search` did not return, given what it returned (in its order). */
  *others(hits: readonly StoredRecord[]): Iterable<StoredRecord> {
    // Hits are live and distinct: as many as there are values means no others.
    if (hits.length === this.segmentOf.size) return;
    let next = 0;
    for (const owner of this.owners) {
      if (!owner) continue;
      if (owner === hits[next]) next++;
      else yield owner;
    }
  }

  private append(record: StoredRecord, value: string): void {
    this.segmentOf.set(record, this.owners.length);
    this.starts.push(this.textLength + SEPARATOR.length);
    this.owners.push(record);
    this.pending.push(SEPARATOR, value);
    this.textLength += SEPARATOR.length + value.length;
  }

  private flattened(): string {
    if (this.pending.length > 0) {
      this.text += this.pending.join('');
      this.pending = [];
    }
    return this.text;
  }

  /** The segment holding text position `at`: the last one starting at or before it, searched from `from` on. */
  private segmentAt(at: number, from: number): number {
    // Common text hits value after value: look at the next few before searching.
    const { starts } = this;
    for (let segment = from, stop = Math.min(from + 4, starts.length - 1); segment < stop; segment++) {
      if (starts[segment + 1]! > at) return segment;
    }
    let low = from;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.starts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  private compact(): void {
    const records = [...this.owners.filter((owner) => owner !== undefined), ...this.undecided, ...this.absent];
    this.clear();
    for (const record of records) this.add(record);
  }
}
