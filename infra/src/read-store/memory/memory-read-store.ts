/**
 * The embedded ReadStore: collections held in memory and evaluated with mingo,
 * MongoDB's query language in JavaScript. It is rebuilt from the event log at
 * start, so the projection runner's writes by `_id` take fast paths that bypass
 * mingo entirely (see MemoryCollection).
 */
import type { Collection, Document, ReadStore } from '../../ports/read-store.ts';
import { MemoryCollection } from './memory-collection.ts';

export class MemoryReadStore implements ReadStore {
  private readonly collections = new Map<string, MemoryCollection>();

  collection<T extends Document = Document>(name: string): Collection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new MemoryCollection(name, (other) => this.collections.get(other));
      this.collections.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  async close(): Promise<void> {}
}
