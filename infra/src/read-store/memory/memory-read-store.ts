/**
 * The embedded ReadStore: collections held in memory, queried through sorted
 * indexes and a query planner (query-planner.ts), with mingo evaluating what
 * no index covers. It is rebuilt from the event log at start, or restored from a snapshot (snapshot.ts).
 */
import { writeInOrder, type Collection, type CollectionWrites, type Document, type ReadStore } from '../../ports/read-store.ts';
import { MemoryCollection, type ScanListener } from './memory-collection.ts';

export type { CollectionScan, QueryPlanSummary, ScanListener } from './memory-collection.ts';

export interface MemoryReadStoreOptions {
  /** Told of every query that may read a whole collection (no index serves it). */
  onCollectionScan?: ScanListener;
  /**
   * Deep-freeze every stored document (the default), so code that changes a
   * document it read fails loudly instead of changing the store. Documents are
   * handed out uncopied either way; a server may turn freezing off to save
   * its cost once the tests have run with it on.
   */
  freezeDocuments?: boolean;
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
      collection = new MemoryCollection(name, (other) => this.collections.get(other), {
        onScan: this.options.onCollectionScan,
        freeze: this.options.freezeDocuments ?? true,
      });
      this.collections.set(name, collection);
    }
    return collection;
  }

  /** Files every index's buffered entries (a rebuild leaves them unsorted until the first read). */
  settleIndexes(): void {
    for (const collection of this.collections.values()) collection.settleIndexes();
  }

  writeAll(writes: readonly CollectionWrites[]): Promise<void> {
    return writeInOrder(this, writes);
  }

  async close(): Promise<void> {}
}
