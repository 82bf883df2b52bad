/**
 * A sorted index over one or more fields of a collection's documents, as a
 * MongoDB index is: entries ordered by the fields' values (each in its declared
 * direction), then by the document's natural position, so equal keys keep the
 * order a collection scan would give.
 *
 * A document with an array on an indexed path is filed once per element
 * (multikey). Such an index still answers equality lookups, but no longer
 * ranges or sorts: MongoDB's semantics for those on arrays are not an index
 * order, so the planner falls back to evaluating the filter.
 */
import type { Document } from '../../ports/read-store.ts';
import { compareValues, decodeKey, EMPTY_ARRAY, encodeKey } from './key-order.ts';
import { SortedEntries } from './sorted-entries.ts';

/** A stored document with its natural position (insertion order, kept when replaced). */
export interface StoredRecord {
  doc: Document;
  seq: number;
}

/** One filing of a record: by its key when its values have one, by the values themselves otherwise. */
export type IndexEntry = KeyedEntry | ValuedEntry;

interface KeyedEntry {
  /**
   * The values as one order-preserving string (key-order.ts) followed by the
   * record's position: unique, and sorting exactly as the entries do, so
   * inserts and sorts compare these alone. The values are not kept beside it
   * (the few comparisons that need them decode it): an index holds millions of
   * entries, and an array each was two objects more per entry for the collector.
   */
  key: string;
  values: undefined;
  record: StoredRecord;
}

interface ValuedEntry {
  key: undefined;
  values: readonly unknown[];
  record: StoredRecord;
}

/** The code units `encodeSeq` appends to a key. */
const SEQ_UNITS = 3;

/** The keys one document is filed under. */
export interface DocumentKeys {
  tuples: unknown[][];
  /** An array met on an indexed path. */
  multikey: boolean;
  /** An array nested directly in an array: mingo matches those its own way, so the document is a candidate for every lookup. */
  anyKey: boolean;
}

/** The declared unique index an index enforces, named as in duplicate key errors. */
export interface UniqueConstraint {
  name: string;
  keys: Record<string, 1 | -1>;
}

/** A contiguous run of the index, in index order. */
export interface IndexRange {
  start: number;
  end: number;
}

/** One end of a range: the values of the leading fields, and whether entries equal to them are in. */
export interface RangeBound {
  values: readonly unknown[];
  inclusive: boolean;
}

const NESTED_ARRAY = Symbol('nested array');

/** A natural position as three code units that sort as the numbers do (positions stay below 2^48). */
function encodeSeq(seq: number): string {
  return String.fromCharCode(Math.floor(seq / 2 ** 32) & 0xffff, (seq >>> 16) & 0xffff, seq & 0xffff);
}

export class SortedIndex {
  readonly fields: readonly string[];
  /** The top-level field each indexed path starts with. */
  readonly topFields: readonly string[];
  readonly directions: readonly (1 | -1)[];
  uniqueConstraint: UniqueConstraint | undefined;
  private readonly paths: string[][];
  private readonly entries: SortedEntries<IndexEntry>;
  /** Documents filed under every key (see DocumentKeys.anyKey). */
  private readonly anyKeyRecords = new Set<StoredRecord>();
  /** How many documents are filed as multikey: while any is, ranges and sorts are off. */
  private multikeyDocuments = 0;
  /** True when the fields end with `_id`, so no two entries of a plain index share a key. */
  readonly keysAreUnique: boolean;

  constructor(
    keys: Record<string, 1 | -1>,
    /** As MongoDB names it (`project_1_name_-1`): what errors and snapshots call it. */
    readonly name: string,
  ) {
    this.fields = Object.keys(keys);
    this.topFields = [...new Set(this.fields.map((field) => field.split('.')[0]!))];
    this.directions = this.fields.map((field) => keys[field]!);
    this.uniqueConstraint = undefined;
    this.paths = this.fields.map((field) => field.split('.'));
    this.keysAreUnique = this.fields.at(-1) === '_id';
    this.entries = new SortedEntries(this.compareEntries, { sortKey: (entry) => entry.key });
  }

  get size(): number {
    return this.entries.size;
  }

  get isMultikey(): boolean {
    return this.multikeyDocuments > 0;
  }

  /** Records that every lookup must consider, whatever its key. */
  get anyKeyCandidates(): ReadonlySet<StoredRecord> {
    return this.anyKeyRecords;
  }

  keysOf(document: Document): DocumentKeys {
    return documentKeys(document, this.paths, this.compareKeys);
  }

  add(record: StoredRecord, keys: DocumentKeys): void {
    if (keys.anyKey) this.anyKeyRecords.add(record);
    else for (const values of keys.tuples) this.entries.insert(this.entry(values, record));
    if (keys.multikey) this.multikeyDocuments++;
  }

  /** Files each of `records` under its document's keys. */
  addAll(records: Iterable<StoredRecord>): void {
    for (const record of records) this.add(record, this.keysOf(record.doc));
  }

  remove(record: StoredRecord, keys: DocumentKeys): void {
    if (keys.anyKey) this.anyKeyRecords.delete(record);
    else for (const values of keys.tuples) this.entries.delete(this.entry(values, record));
    if (keys.multikey) this.multikeyDocuments--;
  }

  /**
   * Moves a record from `previous` keys to `next` ones, touching only the
   * entries that differ: a user in 200 projects who joins one more gets one
   * new entry, not 201 removed and added.
   */
  update(record: StoredRecord, previous: DocumentKeys, next: DocumentKeys): void {
    if (previous.anyKey || next.anyKey) {
      this.remove(record, previous);
      this.add(record, next);
      return;
    }
    // Both tuple lists are sorted and distinct (documentKeys): one merge finds what left and what came.
    let i = 0;
    let j = 0;
    while (i < previous.tuples.length || j < next.tuples.length) {
      const order = i === previous.tuples.length ? 1 : j === next.tuples.length ? -1 : this.compareKeys(previous.tuples[i]!, next.tuples[j]!);
      if (order < 0) this.entries.delete(this.entry(previous.tuples[i++]!, record));
      else if (order > 0) this.entries.insert(this.entry(next.tuples[j++]!, record));
      else (i++, j++);
    }
    this.multikeyDocuments += Number(next.multikey) - Number(previous.multikey);
  }

  private entry(values: readonly unknown[], record: StoredRecord): IndexEntry {
    const key = encodeKey(values, this.directions);
    return key === undefined ? { key, values, record } : { key: key + encodeSeq(record.seq), values: undefined, record };
  }

  private valuesOf(entry: IndexEntry): readonly unknown[] {
    return entry.key === undefined ? entry.values : decodeKey(entry.key, this.directions);
  }

  private readonly compareEntries = (a: IndexEntry, b: IndexEntry): number => {
    if (a.key !== undefined && b.key !== undefined) return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    return this.compareKeys(this.valuesOf(a), this.valuesOf(b)) || a.record.seq - b.record.seq;
  };

  /** Whether two entries are filed under equal values (of one record or of two). */
  tied(a: IndexEntry, b: IndexEntry): boolean {
    if (a.key !== undefined && b.key !== undefined) return a.key.length === b.key.length && a.key.startsWith(b.key.slice(0, -SEQ_UNITS));
    return this.compareKeys(this.valuesOf(a), this.valuesOf(b)) === 0;
  }

  /** The natural positions of the records in index order; undefined while a record is filed other than once (multikey, any key). */
  recordOrder(): number[] | undefined {
    if (this.multikeyDocuments > 0 || this.anyKeyRecords.size > 0) return undefined;
    const order: number[] = [];
    for (const entry of this.entries) order.push(entry.record.seq);
    return order;
  }

  /**
   * Files the records of a restored collection into this empty index, in the
   * order `recordOrder` gave when the snapshot was taken: without a sort when
   * that order still holds, as it does unless the key encoding changed since.
   */
  restore(ordered: readonly StoredRecord[]): void {
    const entries: IndexEntry[] = [];
    for (const record of ordered) {
      const keys = this.keysOf(record.doc);
      if (keys.anyKey || keys.multikey) {
        this.addAll(ordered);
        return;
      }
      entries.push(this.entry(keys.tuples[0]!, record));
    }
    this.entries.load(entries);
  }

  /** Files buffered entries now rather than at the next read (see SortedEntries). */
  settle(): void {
    this.entries.settle();
  }

  clear(): void {
    this.entries.clear();
    this.anyKeyRecords.clear();
    this.multikeyDocuments = 0;
  }

  sameKeys(a: DocumentKeys, b: DocumentKeys): boolean {
    if (a.anyKey !== b.anyKey || a.multikey !== b.multikey || a.tuples.length !== b.tuples.length) return false;
    return a.tuples.every((tuple, i) => this.compareKeys(tuple, b.tuples[i]!) === 0);
  }

  /** A record other than `record` already filed under one of `keys`, if any (for unique indexes). */
  holderOfAny(record: StoredRecord, keys: DocumentKeys): StoredRecord | undefined {
    if (keys.anyKey) return undefined;
    for (const values of keys.tuples) {
      const range = this.range({ values, inclusive: true }, { values, inclusive: true });
      let holder: StoredRecord | undefined;
      this.entries.forEach(range.start, range.end, (entry) => {
        if (entry.record !== record) holder = entry.record;
        return holder === undefined;
      });
      if (holder) return holder;
    }
    return undefined;
  }

  /** A key held by two documents (what prevents making this index unique), as one of them. */
  sharedKeyHolder(): StoredRecord | undefined {
    let previous: IndexEntry | undefined;
    let holder: StoredRecord | undefined;
    this.entries.forEach(0, this.entries.size, (entry) => {
      if (previous && previous.record !== entry.record && this.tied(previous, entry)) holder = entry.record;
      previous = entry;
      return holder === undefined;
    });
    return holder;
  }

  /** The positions of the entries between two bounds (on the same leading fields), in index order. */
  range(start: RangeBound, end: RangeBound): IndexRange {
    const from = this.entries.rank(this.beforeBound(start.values, !start.inclusive));
    const to = this.entries.rank(this.beforeBound(end.values, end.inclusive));
    return { start: from, end: Math.max(from, to) };
  }

  /**
   * Whether an entry comes before a bound on the leading fields (or, with
   * `orEqual`, does not come after it). Encoded keys answer with one string
   * comparison: each field's encoding is prefix-free, so an entry's key starts
   * with the bound's encoding exactly when its leading values equal the bound.
   */
  private beforeBound(prefix: readonly unknown[], orEqual: boolean): (entry: IndexEntry) => boolean {
    const encoded = encodeKey(prefix, this.directions);
    return (entry) => {
      if (encoded !== undefined && entry.key !== undefined) return entry.key < encoded || (orEqual && entry.key.startsWith(encoded));
      const order = this.comparePrefix(this.valuesOf(entry), prefix);
      return orEqual ? order <= 0 : order < 0;
    };
  }

  /** The position the record's entry holds, if it is filed (plain indexes only). */
  positionOf(record: StoredRecord): number | undefined {
    const keys = this.keysOf(record.doc);
    if (keys.multikey || keys.anyKey) return undefined;
    const filed = this.entry(keys.tuples[0]!, record);
    return this.entries.rank((entry) => this.compareEntries(entry, filed) < 0);
  }

  /** Visits the records at positions [start, end), forwards or backwards, until `visit` returns false; `tied` tells entries filed under equal values. */
  forEach(range: IndexRange, visit: (record: StoredRecord, entry: IndexEntry) => boolean | void, backwards = false): void {
    this.entries.forEach(range.start, range.end, (entry) => visit(entry.record, entry), backwards);
  }

  /** Compares two key tuples field by field in the index's directions. */
  readonly compareKeys = (a: readonly unknown[], b: readonly unknown[]): number => {
    for (let i = 0; i < this.directions.length; i++) {
      const order = compareValues(a[i], b[i]);
      if (order !== 0) return order * this.directions[i]!;
    }
    return 0;
  };

  private comparePrefix(values: readonly unknown[], prefix: readonly unknown[]): number {
    for (let i = 0; i < prefix.length; i++) {
      const order = compareValues(values[i], prefix[i]);
      if (order !== 0) return order * this.directions[i]!;
    }
    return 0;
  }
}

/**
 * The key tuples a document is filed under. Without arrays on the way that is
 * one tuple; arrays are walked element by element as MongoDB's multikey
 * indexing does, and a missing field counts as null.
 */
function documentKeys(document: unknown, paths: readonly string[][], compare: (a: readonly unknown[], b: readonly unknown[]) => number): DocumentKeys {
  // Sized up front: an entry without a key keeps this array, and one grown by push holds room for 16 values.
  const single: unknown[] = new Array(paths.length);
  for (let i = 0; i < paths.length; i++) {
    const value = plainValueAt(document, paths[i]!);
    if (value === ARRAY_ON_PATH) return multikeyKeys(document, paths, compare);
    single[i] = value;
  }
  return { tuples: [single], multikey: false, anyKey: false };
}

const ARRAY_ON_PATH = Symbol('array on path');

/** The value at `path`, null when missing, or ARRAY_ON_PATH when an array stands anywhere along it. */
function plainValueAt(document: unknown, path: readonly string[]): unknown {
  let value = document;
  for (const segment of path) {
    if (Array.isArray(value)) return ARRAY_ON_PATH;
    if (!isSubdocument(value)) return null;
    value = value[segment];
  }
  if (Array.isArray(value)) return ARRAY_ON_PATH;
  return value === undefined ? null : value;
}

function multikeyKeys(document: unknown, paths: readonly string[][], compare: (a: readonly unknown[], b: readonly unknown[]) => number): DocumentKeys {
  let tuples: unknown[][] = [[]];
  for (const path of paths) {
    const values: unknown[] = [];
    collectValues(document, path, 0, values);
    if (values.includes(NESTED_ARRAY)) return { tuples: [], multikey: true, anyKey: true };
    tuples = tuples.flatMap((prefix) => values.map((value) => appended(prefix, value)));
  }
  tuples.sort(compare);
  const distinct = tuples.filter((tuple, i) => i === 0 || compare(tuples[i - 1]!, tuple) !== 0);
  return { tuples: distinct, multikey: true, anyKey: false };
}

/** `prefix` and then `value`, in an array of exactly that length (entries keep it). */
function appended(prefix: readonly unknown[], value: unknown): unknown[] {
  const tuple: unknown[] = new Array(prefix.length + 1);
  for (let i = 0; i < prefix.length; i++) tuple[i] = prefix[i];
  tuple[prefix.length] = value;
  return tuple;
}

/**
 * Every value MongoDB's multikey indexing would see at `path`: arrays along the
 * way are walked element by element, a terminal array contributes its elements,
 * and a missing field counts as null.
 */
function collectValues(value: unknown, path: readonly string[], depth: number, out: unknown[]): void {
  if (depth === path.length) {
    if (!Array.isArray(value)) out.push(value === undefined ? null : value);
    else if (value.length === 0) out.push(EMPTY_ARRAY);
    else for (const element of value) out.push(Array.isArray(element) ? NESTED_ARRAY : element === undefined ? null : element);
    return;
  }
  const segment = path[depth]!;
  if (Array.isArray(value)) {
    if (value.length === 0) out.push(null);
    if (/^\d+$/.test(segment)) collectValues(value[Number(segment)], path, depth + 1, out);
    for (const element of value) {
      if (isSubdocument(element)) collectValues(element[segment], path, depth + 1, out);
      else out.push(Array.isArray(element) ? NESTED_ARRAY : null);
    }
    return;
  }
  if (isSubdocument(value)) collectValues(value[segment], path, depth + 1, out);
  else out.push(null);
}

function isSubdocument(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

