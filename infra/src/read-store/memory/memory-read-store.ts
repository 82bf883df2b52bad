/**
 * The embedded ReadStore: collections held in memory, queried through sorted
 * indexes and a query planner (query-planner.ts), with mingo evaluating what
 * no index covers. It is rebuilt from the event log at start.
 */
import type { Collection, Document, ReadStore } from '../../ports/read-store.ts';
import { MemoryCollection, type ScanListener } from './memory-collection.ts';

export type { CollectionScan, QueryPlanSummary, ScanListener } from './memory-collection.ts';

export interface MemoryReadStoreOptions {
  /** Told of every query that may read a whole collection (no index serves it). */
  onCollectionScan?: ScanListener;
}

export class MemoryReadStore implements ReadStore {
  private readonly collections = new Map<string, MemoryCollection>();

  constructor(private readonly options: MemoryReadStoreOptions = {}) {}

  collection<T extends Document = Document>(name: string): Collection<T> {
    return this.memoryCollection(name) as unknown as Collection<T>;
  }

  /** The collection with its memory-only extras (`explain`). */
  memoryCollection(name: string): MemoryCollection {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new MemoryCollection(name, (other) => this.collections.get(other), this.options.onCollectionScan);
      this.collections.set(name, collection);
    }
    return collection;
  }

  async close(): Promise<void> {}
}
