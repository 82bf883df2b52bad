import type { Collection, Document, ReadStore } from '../../ports/read-store.ts';

/** The read-only methods of a collection a remote read store forwards. */
export type ReadMethod = 'find' | 'findOne' | 'count' | 'aggregate';

/** One read, as it travels (structured-clonable: filters, options and pipelines are plain data). */
export interface ReadCall {
  collection: string;
  method: ReadMethod;
  args: unknown[];
}

/**
 * A read-only `ReadStore` whose reads are sent through `ask` to a store that
 * lives elsewhere (another thread's memory), so queries written for the port
 * run unchanged against it. Writes belong to whoever folds that store.
 */
export function remoteReadStore(ask: (call: ReadCall) => Promise<unknown>): ReadStore {
  const readOnly = (name: string) => () => Promise.reject(new Error(`The collection ${name} is written by its own fold only`));
  return {
    collection<T extends Document>(name: string): Collection<T> {
      return {
        name,
        find: (...args) => ask({ collection: name, method: 'find', args }) as Promise<T[]>,
        findOne: (...args) => ask({ collection: name, method: 'findOne', args }) as Promise<T | null>,
        count: (...args) => ask({ collection: name, method: 'count', args }) as Promise<number>,
        aggregate: <R>(...args: [Record<string, unknown>[]]) => ask({ collection: name, method: 'aggregate', args }) as Promise<R[]>,
        bulkWrite: readOnly(name),
        createIndex: readOnly(name),
        clear: readOnly(name),
        drop: readOnly(name),
      };
    },
    writeAll: () => Promise.reject(new Error('The read models are written by their own fold only')),
    close: async () => {},
  };
}

/** Answers a call a `remoteReadStore` sent, from the store it stands for. */
export function answerReadCall(readStore: ReadStore, { collection, method, args }: ReadCall): Promise<unknown> {
  const target = readStore.collection(collection) as unknown as Record<ReadMethod, (...args: unknown[]) => Promise<unknown>>;
  return target[method](...args);
}
