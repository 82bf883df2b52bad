/**
 * The scale-out ReadStore: read-model collections in MongoDB, through the
 * official driver. The port speaks MongoDB's language already, so each method
 * is a thin pass-through.
 */
import {
  MongoClient,
  type AnyBulkWriteOperation,
  type ClientSession,
  type Db,
  type Collection as DriverCollection,
  type Document as DriverDocument,
} from 'mongodb';
import {
  writeInOrder,
  type Collection,
  type CollectionWrites,
  type Document,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type ReadStore,
  type WriteOperation,
} from '../../ports/read-store.ts';
import { type HeldLease, LeaseLostError, type WriterLeaseOptions } from '../../ports/writer-lease.ts';
import { MONGO_LEASES, MongoWriterLease, type LeaseDocument } from './mongo-writer-lease.ts';

/** Runs a write: in a fenced store, inside a transaction that holds the lease (the session to pass on); else as it is. */
type WriteRunner = (write: (session: ClientSession | undefined) => Promise<unknown>) => Promise<void>;

export class MongoReadStore implements ReadStore {
  private readonly collections = new Map<string, MongoCollection>();
  private fence: (HeldLease & { ttlMs: number }) | undefined;
  /** The fenced writes, one at a time: each updates the lease's document, so two at once would only conflict and retry. */
  private fencedWrites: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  static async connect(url: string, dbName: string): Promise<MongoReadStore> {
    const client = new MongoClient(url);
    await client.connect();
    return new MongoReadStore(client, client.db(dbName));
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new MongoCollection(this.db.collection(name), (write) => this.write(write));
      this.collections.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  /**
   * In order, without a transaction (a standalone server has none): a fold's documents remember their position, so a fold resumed after a
   * crash skips what it already wrote.
   */
  writeAll(writes: readonly CollectionWrites[]): Promise<void> {
    if (!this.fence) return writeInOrder(this, writes);
    // Fenced, the writes commit together with the lease's check: all of them or, for a deposed holder, none.
    return this.write(async (session) => {
      for (const { collection, operations } of writes)
        if (operations.length > 0)
          await this.db.collection(collection).bulkWrite(operations as AnyBulkWriteOperation<DriverDocument>[], { ordered: true, session });
    });
  }

  /** A lease kept in this store's database, on its connection: the projection services of several hosts take turns through it. */
  lease(options: WriterLeaseOptions): MongoWriterLease {
    return new MongoWriterLease(this.db, options);
  }

  /**
   * Refuses, from now on, every write unless `held` is still the lease's term: each write becomes a transaction that first
   * updates the lease's document where it names that term, and renews the term for `ttlMs` (a long transaction holds the
   * document, so the holder's own renewals wait for it meanwhile). Transactions need a replica set (one node will do).
   */
  fenceWrites(held: HeldLease, ttlMs: number): void {
    this.fence = { ...held, ttlMs };
  }

  private write(write: Parameters<WriteRunner>[0]): Promise<void> {
    const fence = this.fence;
    if (!fence) return write(undefined).then(() => undefined);
    const written = this.fencedWrites.then(() =>
      this.client.withSession((session) =>
        session.withTransaction(async () => {
          const held = await this.db.collection<LeaseDocument>(MONGO_LEASES).updateOne(
            { _id: fence.name, holder: fence.holder, epoch: fence.epoch },
            [
              {
                $set: {
                  // A term given up (released) or run out stays so: a late write of its holder does not take the lease back.
                  expiresAt: { $cond: [{ $gt: ['$expiresAt', '$$NOW'] }, { $add: ['$$NOW', fence.ttlMs] }, '$expiresAt'] },
                  fencedWrites: { $add: [{ $ifNull: ['$fencedWrites', 0] }, 1] },
                },
              },
            ],
            { session },
          );
          if (held.matchedCount !== 1)
            throw new LeaseLostError(`the ${fence.name} lease passed to another holder; this writer (epoch ${fence.epoch}) stops`);
          await write(session);
        }),
      ),
    );
    this.fencedWrites = written.catch(() => undefined);
    return written;
  }

  /** Drops the whole database: for tests that give each run a database of its own. */
  async dropDatabase(): Promise<void> {
    await this.db.dropDatabase();
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

class MongoCollection implements Collection<Document> {
  constructor(
    private readonly driver: DriverCollection<DriverDocument>,
    private readonly write: WriteRunner,
  ) {}

  get name(): string {
    return this.driver.collectionName;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<Document[]> {
    return (await this.driver.find(filter, definedOnly(options)).toArray()) as unknown as Document[];
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<Document | null> {
    return (await this.driver.findOne(filter, definedOnly(options))) as unknown as Document | null;
  }

  async count(filter: Filter): Promise<number> {
    return this.driver.countDocuments(filter);
  }

  async aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    return (await this.driver.aggregate(pipeline).toArray()) as R[];
  }

  async bulkWrite(operations: WriteOperation<Document>[]): Promise<void> {
    // The driver rejects an empty batch; the port treats it as nothing to do.
    if (operations.length === 0) return;
    await this.write((session) =>
      this.driver.bulkWrite(operations as AnyBulkWriteOperation<DriverDocument>[], { ordered: true, ...(session ? { session } : {}) }),
    );
  }

  async createIndex({ keys, unique = false }: IndexSpec): Promise<void> {
    await this.driver.createIndex(keys, { unique });
  }

  /**
   * Fenced, the lease is checked in a transaction of its own just before: emptying a collection (a rebuild's start, a retired
   * copy) may outgrow a transaction's limits, and a drop cannot run in one. A holder deposed in between, within the
   * milliseconds that separate the two, is the one case the fence does not cover.
   */
  async clear(): Promise<void> {
    await this.write(async () => {});
    await this.driver.deleteMany({});
  }

  async drop(): Promise<void> {
    await this.write(async () => {});
    // A collection never written has nothing to drop (older servers answer "ns not found").
    await this.driver.drop().catch((error: unknown) => {
      if ((error as { code?: number }).code !== NAMESPACE_NOT_FOUND) throw error;
    });
  }
}

const NAMESPACE_NOT_FOUND = 26;

/** The options that were given, without keys set to undefined (which the driver would pass on to the server). */
function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
