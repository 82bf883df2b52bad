/**
 * ReadStore port: read-model collections queried and updated in MongoDB's
 * query and update language. Adapters: SQLite (embedded, the default) and MongoDB.
 * No query is written twice: every read model uses only this interface.
 */

export type Document = { _id: string | number } & Record<string, unknown>;
export type Filter = Record<string, unknown>;
export type Update = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  /** MongoDB projection, e.g. `{name: 1}` or `{secret: 0}`. */
  projection?: Record<string, 0 | 1>;
}

export type WriteOperation<T extends Document = Document> =
  | { insertOne: { document: T } }
  | { replaceOne: { filter: Filter; replacement: T; upsert?: boolean } }
  | { updateOne: { filter: Filter; update: Update; upsert?: boolean } }
  | { updateMany: { filter: Filter; update: Update } }
  | { deleteOne: { filter: Filter } }
  | { deleteMany: { filter: Filter } };

export interface IndexSpec {
  keys: Record<string, 1 | -1>;
  unique?: boolean;
  /**
   * The one field in `keys` is searched for plain text, `{field: {$regex: 'escaped text'}}`
   * (a search box): SQLite keeps an FTS5 trigram index for it, which answers such a search
   * in time proportional to the text rather than to the documents; MongoDB gets the
   * ordinary index, whose keys it scans for an unanchored regex.
   */
  search?: 'substring';
}

export interface Collection<T extends Document = Document> {
  readonly name: string;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort'>): Promise<T | null>;
  count(filter: Filter): Promise<number>;
  /**
   * The subset every adapter computes in its engine: leading `$match`es, one `$unwind` of a
   * path, a `$group` (accumulators `$sum`, `$count`, `$avg`, `$min`, `$max`, `$push`,
   * `$addToSet`, `$$ROOT`), then `$sort`, `$skip`, `$limit`, `$count` and `$project` of fields.
   */
  aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]>;
  /** Applies the operations in order. Update operators: $set, $unset, $inc, $push, $pull, $addToSet, $min, $max. */
  bulkWrite(operations: WriteOperation<T>[]): Promise<void>;
  createIndex(index: IndexSpec): Promise<void>;
  /** Removes every document (and keeps the indexes declared so far). */
  clear(): Promise<void>;
  /** Removes the collection, its documents and its indexes: a later use starts an empty one. */
  drop(): Promise<void>;
}

/** The operations of one collection in a `writeAll`. */
export interface CollectionWrites {
  collection: string;
  operations: WriteOperation[];
}

/** How a bulk load shares the store. */
export interface BulkLoadOptions {
  /**
   * Others write the store meanwhile (a build of new copies beside the read models served): the store leaves its upkeep to them
   * (SQLite: the write-ahead log's checkpoints, the planner's statistics) and builds each index in a write of its own, `turnMs` apart,
   * so a write of theirs waits for one index at most.
   */
  besideWriters?: { turnMs: number };
}

/**
 * A write that could not begin: another connection held the store past its busy timeout. Nothing of it was written, so the same
 * write may well succeed later (a fold's batch is delivered again: `LogSubscription`).
 */
export class ReadStoreBusyError extends Error {
  constructor(cause: unknown) {
    super(`the read store was busy: ${(cause as Error).message}`, { cause });
    this.name = 'ReadStoreBusyError';
  }
}

export interface ReadStore {
  collection<T extends Document = Document>(name: string): Collection<T>;
  /**
   * The writes of several collections as one unit where the engine has transactions (SQLite:
   * one transaction, so a reader and a crash see all of them or none, a fold's checkpoint with
   * its documents); other engines apply them in order, each collection's as its `bulkWrite`.
   */
  writeAll(writes: readonly CollectionWrites[]): Promise<void>;
  /**
   * Optional: these empty collections are about to be filled by a fold of a long log before anyone
   * reads them but by `_id`, so the store may put off keeping their other indexes until the
   * returned `done`, and then build them whole (SQLite: an index built at once is about twice as
   * fast as one kept up row by row).
   */
  bulkLoad?(collections: readonly string[], options?: BulkLoadOptions): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** `writeAll` for an engine without transactions: each collection's operations in turn. */
export async function writeInOrder(store: ReadStore, writes: readonly CollectionWrites[]): Promise<void> {
  for (const { collection, operations } of writes) if (operations.length > 0) await store.collection(collection).bulkWrite(operations);
}
