import type { BulkLoadOptions, Collection, CollectionWrites, Document, ReadStore } from '../../ports/read-store.ts';

/**
 * A read store whose collections are stored under other names (`physical`): read models kept in
 * several copies (one per version of their fold) are read and written by the names their code
 * knows, and `physical` says which copy that is. Closing it leaves the store it stands on open.
 */
export function renamedReadStore(store: ReadStore, physical: (name: string) => string): ReadStore {
  return {
    collection: <T extends Document = Document>(name: string): Collection<T> => store.collection<T>(physical(name)),
    writeAll: (writes: readonly CollectionWrites[]) =>
      store.writeAll(writes.map((write) => ({ ...write, collection: physical(write.collection) }))),
    ...(store.bulkLoad && {
      bulkLoad: (collections: readonly string[], options?: BulkLoadOptions) => store.bulkLoad!(collections.map(physical), options),
    }),
    close: async () => {},
  };
}
