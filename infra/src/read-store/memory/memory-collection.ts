/**
 * One collection of the memory read store: documents in a Map by `_id`, in
 * natural (insertion) order, sorted indexes beside them, a query planner that
 * answers from those indexes like a database, and mingo for whatever no index
 * or compiled filter covers.
 *
 * Stored documents are frozen and handed out as they are (see freeze.ts):
 * writers give up the documents they write, readers get read-only views.
 */
import { Aggregator, find as mingoFind } from 'mingo';
import type { Collection, Document, Filter, FindOptions, IndexSpec, Sort, Update, WriteOperation } from '../../ports/read-store.ts';
import { applyUpdate } from '../shared/apply-update.ts';
import { cloneDocument } from '../shared/clone.ts';
import type { CollectionScan, ScanListener } from '../shared/scan.ts';
import { CANNOT_CREATE_INDEX, DuplicateKeyError, FAILED_TO_PARSE, INDEX_OPTIONS_CONFLICT, ReadStoreError, immutableIdError } from '../shared/errors.ts';
import { isEmptyFilter, upsertSeed } from './filter-analysis.ts';
import { freezeDocument, normalizeDocument } from '../shared/freeze.ts';
import { isReadOnlyPipeline, splitLeadingMatch, splitLeadingPage } from './pipeline-analysis.ts';
import { countDocuments, findDocuments, plan, scansCollection, type Page, type Plan, type PlannerSource } from './query-planner.ts';
import { SortedIndex, type DocumentKeys, type StoredRecord } from './sorted-index.ts';
import { SubstringIndex } from './substring-index.ts';

type Id = Document['_id'];

/** A query that may read every document of a collection: reported so unindexed reads of growing data show. */
export type { CollectionScan, ScanListener } from '../shared/scan.ts';

/** A collection as a snapshot keeps it: its documents at their natural positions, and each index's order by those positions. */
export interface CollectionImage {
  name: string;
  nextSeq: number;
  records: StoredRecord[];
  /** By index name, the positions in `records` in index order; an index filed other than once per document (multikey) has none and is sorted again. */
  orders: Record<string, number[]>;
}

/** What `explain` tells about a query's plan, for tests and diagnostics. */
export interface QueryPlanSummary {
  kind: Plan['kind'];
  index?: string[];
  exact?: boolean;
  order?: 'forward' | 'backward' | 'any' | false;
  /** Index entries within the plan's ranges. */
  examined?: number;
  scansCollection: boolean;
}

export class MemoryCollection implements Collection<Document> {
  readonly name: string;
  private readonly records = new Map<Id, StoredRecord>();
  private nextSeq = 0;
  private readonly indexes: SortedIndex[] = [];
  /**
   * While true, the sorted indexes that are not unique hold nothing yet: a collection that starts
   * empty files its documents in them at the first read that may use an index (or at
   * `settleIndexes`, or a snapshot), all at once from the documents as they are then. A rebuild
   * folds a million events before anyone reads, and a test replaced once per batch is then filed
   * once, not moved each time. Unique indexes are kept up to date throughout, so a duplicate still
   * fails its write; a lookup by `_id` needs no index and files nothing.
   */
  private filingDeferred = true;
  private readonly substringIndexes: SubstringIndex[] = [];
  /** Declared index names with their uniqueness, to make createIndex idempotent. */
  private readonly declaredIndexes = new Map<string, boolean>();
  private readonly source: PlannerSource;

  private readonly onScan: ScanListener | undefined;
  /** Freezes what is stored (see freeze.ts), or keeps it as given. */
  private readonly keep: <T>(document: T) => T;

  constructor(
    name: string,
    private readonly resolveCollection: (name: string) => MemoryCollection | undefined,
    options: { onScan?: ScanListener | undefined; freeze: boolean },
  ) {
    this.name = name;
    this.onScan = options.onScan;
    this.keep = options.freeze ? freezeDocument : normalizeDocument;
    const { records, indexes, substringIndexes } = this;
    const fileDeferred = () => this.fileDeferred();
    this.source = {
      name,
      get size() {
        return records.size;
      },
      records: () => this.storedRecords(),
      record: (id) => records.get(id),
      // The planner's every look at the indexes is a read that may use one.
      get indexes() {
        fileDeferred();
        return indexes;
      },
      substringIndexes,
    };
  }

  // ---------------------------------------------------------------- reads

  async find(filter: Filter, options: FindOptions = {}): Promise<Document[]> {
    const page: Page = { sort: options.sort, skip: options.skip, limit: options.limit };
    const documents = findDocuments(this.source, filter, page, this.planned('find', filter, page));
    return project(documents, options.projection);
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<Document | null> {
    const id = filter._id;
    if ((typeof id === 'string' || typeof id === 'number') && hasSingleKey(filter) && !options.projection) return this.records.get(id)?.doc ?? null;
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async count(filter: Filter): Promise<number> {
    if (isEmptyFilter(filter)) return this.records.size;
    return countDocuments(this.source, filter, this.planned('count', filter, { countOnly: true }));
  }

  async aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    const { filter, rest: afterMatch } = splitLeadingMatch(pipeline);
    const { page, rest } = splitLeadingPage(afterMatch);
    const matched = findDocuments(this.source, filter ?? {}, page, this.planned('aggregate', filter ?? {}, page));
    if (rest.length === 0) return matched as R[];
    // A read-only pipeline runs on the stored documents; any other runs on copies, as mingo writes into its input.
    const readOnly = isReadOnlyPipeline(rest);
    const input = readOnly ? matched : matched.map(cloneDocument);
    return new Aggregator(rest, { collectionResolver: this.lookupSource(readOnly) }).run(input) as R[];
  }

  /** How the store would answer a query, without running it. */
  explain(filter: Filter, options: Pick<FindOptions, 'sort' | 'skip' | 'limit'> = {}): QueryPlanSummary {
    const page: Page = { sort: options.sort, skip: options.skip, limit: options.limit };
    const chosen = plan(this.source, filter, page);
    const summary: QueryPlanSummary = { kind: chosen.kind, scansCollection: scansCollection(chosen, filter, page) };
    if (chosen.kind === 'index') Object.assign(summary, { index: [...chosen.index.fields], exact: chosen.exact, order: chosen.order, examined: chosen.size });
    if (chosen.kind === 'ids') summary.exact = chosen.exact;
    if (chosen.kind === 'substring') Object.assign(summary, { examined: chosen.hits.length, order: chosen.walk?.order ?? false });
    return summary;
  }

  /** Documents of other collections for `$lookup`, copied unless the pipeline is read-only; fetched once per call. */
  private lookupSource(readOnly: boolean): (name: string) => Document[] {
    const resolved = new Map<string, Document[]>();
    return (name) => {
      let documents = resolved.get(name);
      if (!documents) {
        this.onScan?.({ collection: name, operation: 'lookup', filter: {} });
        const stored = [...(this.resolveCollection(name)?.records.values() ?? [])].map((record) => record.doc);
        documents = readOnly ? stored : stored.map(cloneDocument);
        resolved.set(name, documents);
      }
      return documents;
    };
  }

  private planned(operation: CollectionScan['operation'], filter: Filter, page: Page): Plan {
    const chosen = plan(this.source, filter, page);
    if (this.onScan && scansCollection(chosen, filter, page)) this.onScan({ collection: this.name, operation, filter, sort: page.sort });
    return chosen;
  }

  private *storedRecords(): Iterable<StoredRecord> {
    yield* this.records.values();
  }

  // ---------------------------------------------------------------- writes

  async bulkWrite(operations: WriteOperation<Document>[]): Promise<void> {
    // Ordered, like MongoDB's `ordered: true`: stop at the first failure, keep what was done before it.
    for (const operation of operations) this.apply(operation);
  }

  private apply(operation: WriteOperation<Document>): void {
    if ('insertOne' in operation) this.insertDocument(this.keep(operation.insertOne.document));
    else if ('replaceOne' in operation) this.replaceOne(operation.replaceOne);
    else if ('updateOne' in operation) this.updateOne(operation.updateOne);
    else if ('updateMany' in operation) this.updateMany(operation.updateMany);
    else if ('deleteOne' in operation) this.deleteMatching(operation.deleteOne.filter, true);
    else if ('deleteMany' in operation) this.deleteMatching(operation.deleteMany.filter, false);
    else throw new ReadStoreError(FAILED_TO_PARSE, `Unknown bulk write operation: ${Object.keys(operation).join(', ')}`);
  }

  private replaceOne({ filter, replacement, upsert }: { filter: Filter; replacement: Document; upsert?: boolean }): void {
    const target = this.selectFirst(filter, 'update');
    // The port's types require `_id`, but a replacement may still arrive without one: it keeps the target's.
    const hasId = replacement._id !== undefined && replacement._id !== null;
    if (target) {
      if (hasId && replacement._id !== target.doc._id) throw immutableIdError(target.doc._id, replacement._id);
      this.replaceDocument(target, this.keep(hasId ? replacement : { ...replacement, _id: target.doc._id }));
    } else if (upsert) {
      this.insertDocument(this.keep(hasId ? replacement : { ...replacement, _id: upsertId(filter) }));
    }
  }

  private updateOne({ filter, update, upsert }: { filter: Filter; update: Update; upsert?: boolean }): void {
    const target = this.selectFirst(filter, 'update');
    if (target) this.updateDocument(target, update);
    else if (upsert) this.insertDocument(this.upsertedDocument(filter, update));
  }

  private updateMany({ filter, update }: { filter: Filter; update: Update }): void {
    for (const target of this.select(filter, 'update')) this.updateDocument(target, update);
  }

  private deleteMatching(filter: Filter, onlyFirst: boolean): void {
    const targets = onlyFirst ? [this.selectFirst(filter, 'delete')].filter((target) => target !== undefined) : this.select(filter, 'delete');
    for (const target of targets) this.deleteDocument(target);
  }

  /** Updates a copy and swaps it in, so a failing operator leaves the stored document untouched. */
  private updateDocument(target: StoredRecord, update: Update): void {
    const next = cloneDocument(target.doc);
    applyUpdate(next, update, false);
    if (next._id !== target.doc._id) throw immutableIdError(target.doc._id, next._id);
    this.replaceDocument(target, this.keep(next));
  }

  private upsertedDocument(filter: Filter, update: Update): Document {
    const seed = cloneDocument(upsertSeed(filter));
    applyUpdate(seed, update, true);
    if (seed._id === undefined) throw new ReadStoreError(FAILED_TO_PARSE, `Upsert into ${this.name} must set _id (by the filter or $setOnInsert)`);
    return this.keep(seed as Document);
  }

  private selectFirst(filter: Filter, operation: CollectionScan['operation']): StoredRecord | undefined {
    // The projection runner's writes are all `{_id: x}`: answer them without planning.
    const id = filter._id;
    if ((typeof id === 'string' || typeof id === 'number') && hasSingleKey(filter)) return this.records.get(id);
    const page = { limit: 1 };
    const [first] = findDocuments(this.source, filter, page, this.planned(operation, filter, page));
    return first && this.records.get(first._id);
  }

  private select(filter: Filter, operation: CollectionScan['operation']): StoredRecord[] {
    return findDocuments(this.source, filter, {}, this.planned(operation, filter, {})).map((document) => this.records.get(document._id)!);
  }

  // ---------------------------------------------------------------- indexes

  async createIndex({ keys, unique = false, search }: IndexSpec): Promise<void> {
    const fields = Object.keys(keys);
    if (fields.length === 0) throw new ReadStoreError(CANNOT_CREATE_INDEX, 'Index keys cannot be empty');
    if (search) return this.createSubstringIndex(fields, unique);
    const name = indexName(keys);
    const declared = this.declaredIndexes.get(name);
    if (declared !== undefined) {
      if (declared !== unique) throw new ReadStoreError(INDEX_OPTIONS_CONFLICT, `Index ${name} already exists with different options`);
      return;
    }
    // The `_id` lookup every collection has is the Map itself; a declared `{_id: ±1}` adds the order (ranges and sorts by `_id`).
    this.buildIndex(keys, unique, name);
    this.declaredIndexes.set(name, unique);
  }

  private createSubstringIndex(fields: string[], unique: boolean): void {
    if (fields.length !== 1 || unique) throw new ReadStoreError(CANNOT_CREATE_INDEX, 'A substring index covers one field and is not unique');
    const field = fields[0]!;
    if (this.substringIndexes.some((index) => index.field === field)) return;
    const index = new SubstringIndex(field);
    for (const record of this.records.values()) index.add(record);
    this.substringIndexes.push(index);
  }

  private buildIndex(keys: IndexSpec['keys'], unique: boolean, name: string): void {
    const index = new SortedIndex(keys, name);
    if (unique || !this.filingDeferred) index.addAll(this.records.values());
    if (unique) {
      const holder = index.sharedKeyHolder();
      if (holder) throw new DuplicateKeyError(this.name, name, keys, keyValue(holder.doc, index.fields));
      index.uniqueConstraint = { name, keys };
    }
    this.indexes.push(index);
  }

  /** What a snapshot keeps of the collection (see snapshot.ts). */
  image(): CollectionImage {
    this.fileDeferred();
    const records = [...this.records.values()];
    const positionOf = new Map(records.map((record, position) => [record.seq, position]));
    const orders: Record<string, number[]> = {};
    for (const index of this.indexes) {
      const order = index.recordOrder();
      if (order) orders[index.name] = order.map((seq) => positionOf.get(seq)!);
    }
    return { name: this.name, nextSeq: this.nextSeq, records, orders };
  }

  /**
   * Takes a snapshot's documents into this empty collection, each at its natural position, and
   * files them in its indexes in the order the snapshot kept, so a start sorts nothing.
   */
  restore(image: Omit<CollectionImage, 'name'>): void {
    if (this.records.size > 0) throw new Error(`${this.name} is not empty: a snapshot restores into empty collections only`);
    const records = image.records.map(({ doc, seq }): StoredRecord => ({ doc: this.keep(doc), seq }));
    for (const record of records) {
      this.records.set(record.doc._id, record);
      for (const index of this.substringIndexes) index.add(record);
    }
    if (this.records.size !== records.length) throw new Error(`the snapshot of ${this.name} holds one _id twice`);
    this.nextSeq = image.nextSeq;
    for (const index of this.indexes) {
      const order = image.orders[index.name];
      if (order && isPermutation(order, records.length)) index.restore(order.map((position) => records[position]!));
      else index.addAll(records);
    }
    this.filingDeferred = false;
  }

  /** Sorts what the indexes hold unsorted, so the first query after a rebuild does not pay for it. */
  settleIndexes(): void {
    this.fileDeferred();
    for (const index of this.indexes) index.settle();
  }

  async clear(): Promise<void> {
    this.records.clear();
    for (const index of this.indexes) index.clear();
    this.filingDeferred = true;
    for (const index of this.substringIndexes) index.clear();
  }

  // ---------------------------------------------------------------- storage with index maintenance

  private insertDocument(document: Document): void {
    if (this.records.has(document._id)) {
      throw new DuplicateKeyError(this.name, '_id_', { _id: 1 }, { _id: document._id });
    }
    const record: StoredRecord = { doc: document, seq: this.nextSeq++ };
    const keys = this.indexes.map((index) => (this.isDeferred(index) ? undefined : index.keysOf(document)));
    this.assertUnique(record, document, keys);
    this.indexes.forEach((index, i) => {
      const filed = keys[i];
      if (filed) index.add(record, filed);
    });
    for (const index of this.substringIndexes) index.add(record);
    this.records.set(document._id, record);
  }

  /** Swaps in `next` (same `_id`), moving its index entries only where keys changed. */
  private replaceDocument(record: StoredRecord, next: Document): void {
    const previous = record.doc;
    if (this.indexes.length > 0) this.moveSortedEntries(record, previous, next);
    else record.doc = next;
    for (const index of this.substringIndexes) index.update(record, previous);
  }

  private moveSortedEntries(record: StoredRecord, previous: Document, next: Document): void {
    let moves: Array<{ index: SortedIndex; from: DocumentKeys; to: DocumentKeys }> | undefined;
    for (const index of this.indexes) {
      // Folds copy what an event left alone by reference: an index whose top-level fields are the very same values keeps its keys.
      if (this.isDeferred(index) || !changesAny(index.topFields, previous, next)) continue;
      const from = index.keysOf(previous);
      const to = index.keysOf(next);
      if (index.sameKeys(from, to)) continue;
      // Unchanged keys can't create a duplicate, so only changed ones are checked, all before anything moves.
      if (index.uniqueConstraint && index.holderOfAny(record, to)) throw this.duplicateKeyError(index, next);
      (moves ??= []).push({ index, from, to });
    }
    record.doc = next;
    if (moves) for (const { index, from, to } of moves) index.update(record, from, to);
  }

  private deleteDocument(record: StoredRecord): void {
    for (const index of this.indexes) if (!this.isDeferred(index)) index.remove(record, index.keysOf(record.doc));
    for (const index of this.substringIndexes) index.remove(record);
    this.records.delete(record.doc._id);
  }

  /** Unique indexes are never deferred, so each has its keys here. */
  private assertUnique(record: StoredRecord, document: Document, keys: (DocumentKeys | undefined)[]): void {
    this.indexes.forEach((index, i) => {
      if (index.uniqueConstraint && index.holderOfAny(record, keys[i]!)) throw this.duplicateKeyError(index, document);
    });
  }

  /** Whether writes leave `index` to be filed later (see `filingDeferred`). */
  private isDeferred(index: SortedIndex): boolean {
    return this.filingDeferred && index.uniqueConstraint === undefined;
  }

  /** Files every document in the indexes that deferred it, and keeps them up to date from now on. */
  private fileDeferred(): void {
    if (!this.filingDeferred) return;
    this.filingDeferred = false;
    for (const index of this.indexes) if (!index.uniqueConstraint) index.addAll(this.records.values());
  }

  private duplicateKeyError(index: SortedIndex, document: Document): DuplicateKeyError {
    const constraint = index.uniqueConstraint!;
    return new DuplicateKeyError(this.name, constraint.name, constraint.keys, keyValue(document, index.fields));
  }
}

// ---------------------------------------------------------------- helpers

/** The documents as asked: themselves, or projected copies (mingo projects some paths in place). */
function project(documents: Document[], projection: FindOptions['projection']): Document[] {
  if (!projection || Object.keys(projection).length === 0) return documents;
  const picked = topLevelInclusion(projection);
  if (picked) return documents.map((document) => pick(document, picked));
  return mingoFind(documents.map(cloneDocument), {}, projection).all() as Document[];
}

/**
 * The fields of a projection that only includes top-level fields (`{planId: 1}`, `_id` kept unless `_id: 0`),
 * `_id` first as MongoDB returns it; undefined for any other projection. Such a projection is a new object
 * holding the stored values, which are no more exposed than a plain find's: a query asking for one field
 * of tens of thousands of documents then costs no deep copy.
 */
function topLevelInclusion(projection: NonNullable<FindOptions['projection']>): string[] | undefined {
  const fields: string[] = [];
  let withId = true;
  for (const [field, include] of Object.entries(projection)) {
    if (field === '_id') withId = include === 1;
    else if (include === 1 && !field.includes('.') && !field.startsWith('$')) fields.push(field);
    else return undefined;
  }
  // `{_id: 0}` alone excludes; `{_id: 1}` alone includes `_id` only.
  if (fields.length === 0 && !withId) return undefined;
  return withId ? ['_id', ...fields] : fields;
}

function pick(document: Document, fields: readonly string[]): Document {
  const picked: Record<string, unknown> = {};
  for (const field of fields) if (field in document) picked[field] = document[field];
  return picked as Document;
}

function upsertId(filter: Filter): Id {
  const id = upsertSeed(filter)._id;
  if (typeof id === 'string' || typeof id === 'number') return id;
  throw new ReadStoreError(FAILED_TO_PARSE, 'An upserted replacement needs an _id, in the replacement or the filter');
}

/** Whether `order` names each of the positions 0 to length - 1 once. */
function isPermutation(order: readonly number[], length: number): boolean {
  if (order.length !== length) return false;
  const seen = new Uint8Array(length);
  for (const position of order) {
    if (!Number.isInteger(position) || position < 0 || position >= length || seen[position]) return false;
    seen[position] = 1;
  }
  return true;
}

/** MongoDB's default index name, e.g. `project_1_name_-1`. */
function indexName(keys: Record<string, 1 | -1>): string {
  return Object.entries(keys)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');
}

function keyValue(document: Document, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, valueAtPath(document, field) ?? null]));
}

function valueAtPath(document: unknown, path: string): unknown {
  let value = document;
  for (const segment of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/** Whether any of these top-level fields holds another value (by identity) in `next` than in `previous`. */
function changesAny(fields: readonly string[], previous: Document, next: Document): boolean {
  for (const field of fields) if (previous[field] !== next[field]) return true;
  return false;
}

function hasSingleKey(object: object): boolean {
  let count = 0;
  for (const _ in object) if (++count > 1) return false;
  return count === 1;
}

