/**
 * One collection of the memory read store: documents in a Map by `_id`, equality
 * indexes beside them, and mingo for everything an index or `_id` can't answer.
 *
 * Stored documents are private: everything written is copied in and everything
 * read is copied out, so no caller can change the store by accident.
 */
import { Aggregator, Query, find as mingoFind } from 'mingo';
import type { Collection, Document, Filter, FindOptions, IndexSpec, Update, WriteOperation } from '../../ports/read-store.ts';
import { applyUpdate } from './apply-update.ts';
import { cloneDocument } from './clone.ts';
import { EqualityIndex } from './equality-index.ts';
import { CANNOT_CREATE_INDEX, DuplicateKeyError, FAILED_TO_PARSE, INDEX_OPTIONS_CONFLICT, ReadStoreError, immutableIdError } from './errors.ts';
import { equalityLookups, idsInFilter, isEmptyFilter, isIdOnlyFilter, upsertSeed } from './filter-analysis.ts';
import { compoundKey, type IndexKey } from './index-keys.ts';
import { isReadOnlyPipeline, splitLeadingMatch } from './pipeline-analysis.ts';
import { sortDocuments } from './sort-documents.ts';

type Id = Document['_id'];
type Stage = Record<string, unknown>;

/** Above this many key combinations a compound `$in` lookup isn't worth it; the filter is evaluated instead. */
const MAX_INDEX_PROBES = 1_000;

export class MemoryCollection implements Collection<Document> {
  readonly name: string;
  /** Insertion order is the natural order results come in when no sort is given. */
  private readonly documents = new Map<Id, Document>();
  /** Equality lookups, one per distinct field list (declared indexes and the prefixes of compound ones). */
  private readonly indexes: EqualityIndex[] = [];
  /** Declared index names with their uniqueness, to make createIndex idempotent. */
  private readonly declaredIndexes = new Map<string, boolean>();
  /** Finds the other collections of the same store, for `$lookup`. */
  private readonly resolveCollection: (name: string) => MemoryCollection | undefined;

  constructor(name: string, resolveCollection: (name: string) => MemoryCollection | undefined) {
    this.name = name;
    this.resolveCollection = resolveCollection;
  }

  // ---------------------------------------------------------------- reads

  async find(filter: Filter, options: FindOptions = {}): Promise<Document[]> {
    const page = paginate(this.selectUpTo(filter, matchesNeeded(options)), options);
    return present(page, options.projection);
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<Document | null> {
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async count(filter: Filter): Promise<number> {
    return isEmptyFilter(filter) ? this.documents.size : this.select(filter).length;
  }

  async aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    const { filter, rest } = splitLeadingMatch(pipeline);
    const matched = filter ? this.select(filter) : [...this.documents.values()];
    if (rest.length === 0) return matched.map(cloneDocument) as R[];
    // A read-only pipeline runs on the stored documents and its (usually small)
    // output is copied; any other runs on copies, as mingo writes into its input.
    const readOnly = isReadOnlyPipeline(rest);
    const input = readOnly ? matched : matched.map(cloneDocument);
    const output = runPipeline(rest, input, this.lookupSource(readOnly));
    return (readOnly ? output.map(cloneDocument) : output) as R[];
  }

  /** Documents of other collections for `$lookup`, copied unless the pipeline is read-only; fetched once per call. */
  private lookupSource(readOnly: boolean): (name: string) => Document[] {
    const resolved = new Map<string, Document[]>();
    return (name) => {
      let documents = resolved.get(name);
      if (!documents) {
        const stored = [...(this.resolveCollection(name)?.documents.values() ?? [])];
        documents = readOnly ? stored : stored.map(cloneDocument);
        resolved.set(name, documents);
      }
      return documents;
    };
  }

  // ---------------------------------------------------------------- writes

  async bulkWrite(operations: WriteOperation<Document>[]): Promise<void> {
    // Ordered, like MongoDB's `ordered: true`: stop at the first failure, keep what was done before it.
    for (const operation of operations) this.apply(operation);
  }

  private apply(operation: WriteOperation<Document>): void {
    if ('insertOne' in operation) this.insertDocument(cloneDocument(operation.insertOne.document));
    else if ('replaceOne' in operation) this.replaceOne(operation.replaceOne);
    else if ('updateOne' in operation) this.updateOne(operation.updateOne);
    else if ('updateMany' in operation) this.updateMany(operation.updateMany);
    else if ('deleteOne' in operation) this.deleteMatching(operation.deleteOne.filter, true);
    else if ('deleteMany' in operation) this.deleteMatching(operation.deleteMany.filter, false);
    else throw new ReadStoreError(FAILED_TO_PARSE, `Unknown bulk write operation: ${Object.keys(operation).join(', ')}`);
  }

  private replaceOne({ filter, replacement, upsert }: { filter: Filter; replacement: Document; upsert?: boolean }): void {
    const target = this.selectFirst(filter);
    const next = cloneDocument(replacement);
    // The port's types require `_id`, but a replacement may still arrive without one: it keeps the target's.
    const hasId = next._id !== undefined && next._id !== null;
    if (target) {
      if (hasId && next._id !== target._id) throw immutableIdError(target._id, next._id);
      next._id = target._id;
      this.replaceDocument(target, next);
    } else if (upsert) {
      if (!hasId) next._id = upsertId(filter);
      this.insertDocument(next);
    }
  }

  private updateOne({ filter, update, upsert }: { filter: Filter; update: Update; upsert?: boolean }): void {
    const target = this.selectFirst(filter);
    if (target) this.updateDocument(target, update);
    else if (upsert) this.insertDocument(this.upsertedDocument(filter, update));
  }

  private updateMany({ filter, update }: { filter: Filter; update: Update }): void {
    for (const target of this.select(filter)) this.updateDocument(target, update);
  }

  private deleteMatching(filter: Filter, onlyFirst: boolean): void {
    const targets = onlyFirst ? [this.selectFirst(filter)].filter((target) => target !== undefined) : this.select(filter);
    for (const target of targets) this.deleteDocument(target);
  }

  /** Updates a copy and swaps it in, so a failing operator leaves the stored document untouched. */
  private updateDocument(target: Document, update: Update): void {
    const next = cloneDocument(target);
    applyUpdate(next, update, false);
    if (next._id !== target._id) throw immutableIdError(target._id, next._id);
    this.replaceDocument(target, next);
  }

  private upsertedDocument(filter: Filter, update: Update): Document {
    const seed = cloneDocument(upsertSeed(filter));
    applyUpdate(seed, update, true);
    if (seed._id === undefined) throw new ReadStoreError(FAILED_TO_PARSE, `Upsert into ${this.name} must set _id (by the filter or $setOnInsert)`);
    return seed as Document;
  }

  // ---------------------------------------------------------------- indexes

  async createIndex({ keys, unique = false }: IndexSpec): Promise<void> {
    const fields = Object.keys(keys);
    if (fields.length === 0) throw new ReadStoreError(CANNOT_CREATE_INDEX, 'Index keys cannot be empty');
    const name = indexName(keys);
    const declared = this.declaredIndexes.get(name);
    if (declared !== undefined) {
      if (declared !== unique) throw new ReadStoreError(INDEX_OPTIONS_CONFLICT, `Index ${name} already exists with different options`);
      return;
    }
    if (fields.length > 1 || fields[0] !== '_id') this.buildIndex(fields, unique, name, keys);
    this.declaredIndexes.set(name, unique);
  }

  private buildIndex(fields: string[], unique: boolean, name: string, keys: IndexSpec['keys']): void {
    const existing = this.indexFor(fields);
    const index = existing ?? this.populatedIndex(fields);
    if (unique) {
      const sharedKey = index.sharedKey();
      if (sharedKey !== undefined) {
        const holder = this.documents.get([...index.idsFor(sharedKey)!][0]!)!;
        throw new DuplicateKeyError(this.name, name, keys, keyValue(holder, fields));
      }
      index.uniqueConstraint = { name, keys };
    }
    if (!existing) this.indexes.push(index);
    // Like MongoDB, a compound index also serves lookups on its leading fields.
    for (let length = 1; length < fields.length; length++) {
      const prefix = fields.slice(0, length);
      if (!this.indexFor(prefix)) this.indexes.push(this.populatedIndex(prefix));
    }
  }

  private indexFor(fields: readonly string[]): EqualityIndex | undefined {
    return this.indexes.find((index) => index.fields.length === fields.length && index.fields.every((field, i) => field === fields[i]));
  }

  private populatedIndex(fields: readonly string[]): EqualityIndex {
    const index = new EqualityIndex(fields);
    for (const document of this.documents.values()) index.add(document._id, index.keysOf(document));
    return index;
  }

  async clear(): Promise<void> {
    this.documents.clear();
    for (const index of this.indexes) index.clear();
  }

  // ---------------------------------------------------------------- storage with index maintenance

  private insertDocument(document: Document): void {
    if (this.documents.has(document._id)) {
      throw new DuplicateKeyError(this.name, '_id_', { _id: 1 }, { _id: document._id });
    }
    const keys = this.indexKeys(document);
    this.assertUnique(document, keys);
    this.indexes.forEach((index, i) => index.add(document._id, keys[i]!));
    this.documents.set(document._id, document);
  }

  /** Replaces a stored document with `next` (same `_id`), moving its index entries only where keys changed. */
  private replaceDocument(previous: Document, next: Document): void {
    if (this.indexes.length > 0) {
      const previousKeys = this.indexKeys(previous);
      const nextKeys = this.indexKeys(next);
      const changed = this.indexes.map((_, i) => !sameKeys(previousKeys[i]!, nextKeys[i]!));
      // Unchanged keys can't create a duplicate, so only changed ones are checked.
      this.assertUnique(next, nextKeys, changed);
      this.indexes.forEach((index, i) => {
        if (!changed[i]) return;
        index.remove(previous._id, previousKeys[i]!);
        index.add(next._id, nextKeys[i]!);
      });
    }
    this.documents.set(next._id, next);
  }

  private deleteDocument(document: Document): void {
    const keys = this.indexKeys(document);
    this.indexes.forEach((index, i) => index.remove(document._id, keys[i]!));
    this.documents.delete(document._id);
  }

  private indexKeys(document: Document): IndexKey[][] {
    return this.indexes.map((index) => index.keysOf(document));
  }

  private assertUnique(document: Document, keys: IndexKey[][], changed?: boolean[]): void {
    this.indexes.forEach((index, i) => {
      const constraint = index.uniqueConstraint;
      if (!constraint || changed?.[i] === false || index.conflictingKey(document._id, keys[i]!) === undefined) return;
      throw new DuplicateKeyError(this.name, constraint.name, constraint.keys, keyValue(document, index.fields));
    });
  }

  // ---------------------------------------------------------------- selection

  /** The stored documents (not copies) matching the filter, in natural or index order. */
  private select(filter: Filter): Document[] {
    return this.selectUpTo(filter, Infinity);
  }

  private selectFirst(filter: Filter): Document | undefined {
    // The projection runner's writes are all `{_id: x}`: answer them without allocating.
    const id = filter._id;
    if ((typeof id === 'string' || typeof id === 'number') && hasSingleKey(filter)) return this.documents.get(id);
    return this.selectUpTo(filter, 1)[0];
  }

  private selectUpTo(filter: Filter, limit: number): Document[] {
    const ids = idsInFilter(filter);
    if (ids) {
      // `{_id: x}` and `{_id: {$in: [...]}}` are answered from the map alone; other fields are then checked by mingo.
      if (isIdOnlyFilter(filter)) return this.documentsWithIds(ids, limit);
      return filterDocuments(this.documentsWithIds(ids, Infinity), filter, limit);
    }
    if (isEmptyFilter(filter)) return firstOf(this.documents.values(), limit);
    return filterDocuments(this.indexedCandidates(filter) ?? this.documents.values(), filter, limit);
  }

  private documentsWithIds(ids: readonly Id[], limit: number): Document[] {
    const found: Document[] = [];
    const unique = ids.length > 1 ? new Set(ids) : ids;
    for (const id of unique) {
      const document = this.documents.get(id);
      if (document && found.push(document) >= limit) break;
    }
    return found;
  }

  /** The documents the most selective usable index returns for the filter's equality fields, if any index applies. */
  private indexedCandidates(filter: Filter): Document[] | undefined {
    if (this.indexes.length === 0) return undefined;
    const lookups = equalityLookups(filter);
    if (lookups.size === 0) return undefined;
    let best: ReadonlySet<Id>[] | undefined;
    let bestSize = Infinity;
    for (const index of this.indexes) {
      const probes = probeKeys(index, lookups);
      if (!probes) continue;
      const hits = [...probes.map((key) => index.idsFor(key)), index.alwaysCandidates()].filter((ids) => ids !== undefined);
      const size = hits.reduce((total, ids) => total + ids.size, 0);
      if (size < bestSize) [best, bestSize] = [hits, size];
    }
    if (!best) return undefined;
    const ids = best.length === 1 ? best[0]! : new Set(best.flatMap((hit) => [...hit]));
    return [...ids].map((id) => this.documents.get(id)!);
  }
}

// ---------------------------------------------------------------- helpers

/** The keys to look up in `index` for the filter's equality fields, or undefined when the filter doesn't pin all of its fields. */
function probeKeys(index: EqualityIndex, lookups: Map<string, IndexKey[]>): IndexKey[] | undefined {
  let combinations: IndexKey[][] = [[]];
  for (const field of index.fields) {
    const keys = lookups.get(field);
    if (!keys) return undefined;
    combinations = combinations.flatMap((prefix) => keys.map((key) => [...prefix, key]));
    if (combinations.length > MAX_INDEX_PROBES) return undefined;
  }
  return combinations.map(compoundKey);
}

function filterDocuments(candidates: Iterable<Document>, filter: Filter, limit: number): Document[] {
  const query = new Query(filter);
  const matched: Document[] = [];
  for (const document of candidates) {
    if (query.test(document) && matched.push(document) >= limit) break;
  }
  return matched;
}

function firstOf(documents: Iterable<Document>, limit: number): Document[] {
  if (limit === Infinity) return [...documents];
  const first: Document[] = [];
  for (const document of documents) if (first.push(document) >= limit) break;
  return first;
}

/** How many matches a find must collect: without a sort it can stop once the page is full. */
function matchesNeeded({ sort, skip = 0, limit = 0 }: FindOptions): number {
  const sorted = sort !== undefined && Object.keys(sort).length > 0;
  return sorted || limit <= 0 ? Infinity : skip + limit;
}

/** Sort, skip and limit as a MongoDB cursor applies them (in that order, whatever order they were given in). */
function paginate(documents: Document[], { sort, skip = 0, limit = 0 }: FindOptions): Document[] {
  const ordered = sort && Object.keys(sort).length > 0 ? sortDocuments(documents, sort) : documents;
  // MongoDB treats limit 0 as "no limit".
  const end = limit > 0 ? skip + limit : undefined;
  return skip > 0 || end !== undefined ? ordered.slice(skip, end) : ordered;
}

/** Copies of the page's documents, projected when asked. */
function present(documents: Document[], projection: FindOptions['projection']): Document[] {
  const copies = documents.map(cloneDocument);
  if (!projection || Object.keys(projection).length === 0) return copies;
  return mingoFind(copies, {}, projection).all() as Document[];
}

function runPipeline(pipeline: Stage[], input: Document[], lookupSource: (name: string) => Document[]): unknown[] {
  return new Aggregator(pipeline, { collectionResolver: lookupSource }).run(input);
}

function upsertId(filter: Filter): Id {
  const id = upsertSeed(filter)._id;
  if (typeof id === 'string' || typeof id === 'number') return id;
  throw new ReadStoreError(FAILED_TO_PARSE, 'An upserted replacement needs an _id, in the replacement or the filter');
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

function hasSingleKey(object: object): boolean {
  let count = 0;
  for (const _ in object) if (++count > 1) return false;
  return count === 1;
}

function sameKeys(a: readonly IndexKey[], b: readonly IndexKey[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}
