/**
 * ReadStore port: read-model collections queried and updated in MongoDB's
 * query and update language. Adapters: in-memory (mingo) and MongoDB.
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
   * (a search box): the memory store keeps a substring index for it, which answers such a
   * search in time proportional to the text rather than to the documents; MongoDB gets
   * the ordinary index, whose keys it scans for an unanchored regex.
   */
  search?: 'substring';
}

export interface Collection<T extends Document = Document> {
  readonly name: string;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort'>): Promise<T | null>;
  count(filter: Filter): Promise<number>;
  aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]>;
  /** Applies the operations in order. Update operators: $set, $unset, $inc, $push, $pull, $addToSet, $min, $max. */
  bulkWrite(operations: WriteOperation<T>[]): Promise<void>;
  createIndex(index: IndexSpec): Promise<void>;
  /** Removes every document (and keeps the indexes declared so far). */
  clear(): Promise<void>;
}

export interface ReadStore {
  collection<T extends Document = Document>(name: string): Collection<T>;
  close(): Promise<void>;
}
