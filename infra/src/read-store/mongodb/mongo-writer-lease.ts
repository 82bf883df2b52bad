/**
 * A lease on writing a MongoDB read store, kept in that database (`_leases`): the projection services of a deployment on
 * several hosts take turns through it as they do through `SqliteWriterLease` on one host. Terms run on the server's clock
 * (`$$NOW`), so the hosts' clocks may disagree. The fence is `MongoReadStore.fenceWrites`: each fenced write is a
 * transaction that first updates the lease's document where it still names the writer's epoch, so a write of a deposed
 * holder matches nothing and is refused, and a takeover racing it conflicts with it (one of the two retries or fails).
 */
import type { Collection, Db } from 'mongodb';
import type { LeaseTerm, WriterLease, WriterLeaseOptions } from '../../ports/writer-lease.ts';

/** The collection of the read store's database that holds its leases. */
export const MONGO_LEASES = '_leases';
/** The server's duplicate-key error: an upsert raced another holder's document. */
const DUPLICATE_KEY = 11000;

export interface LeaseDocument {
  _id: string;
  holder: string;
  epoch: number;
  expiresAt: Date;
  /** Counts the fenced writes: their update of this document is what makes a takeover conflict with them. */
  fencedWrites?: number;
}

export class MongoWriterLease implements WriterLease {
  private readonly leases: Collection<LeaseDocument>;

  constructor(
    db: Db,
    private readonly options: WriterLeaseOptions,
  ) {
    this.leases = db.collection<LeaseDocument>(MONGO_LEASES);
  }

  async tryAcquire(): Promise<LeaseTerm | null> {
    const { name, holder, ttlMs } = this.options;
    try {
      const taken = await this.leases.findOneAndUpdate(
        { _id: name, $expr: this.freeForHolder() },
        [
          {
            $set: {
              holder,
              epoch: { $add: [{ $ifNull: ['$epoch', 0] }, 1] },
              expiresAt: { $add: ['$$NOW', ttlMs] },
            },
          },
        ],
        { upsert: true, returnDocument: 'after' },
      );
      return taken ? { epoch: taken.epoch, expiresAt: taken.expiresAt.getTime() } : null;
    } catch (error) {
      // Held by another: the filter matched nothing, and the upsert found the name taken.
      if ((error as { code?: number }).code === DUPLICATE_KEY) return null;
      throw error;
    }
  }

  async isFree(): Promise<boolean> {
    return (await this.leases.countDocuments({ _id: this.options.name, $expr: { $not: [this.freeForHolder()] } })) === 0;
  }

  async renew(term: LeaseTerm): Promise<boolean> {
    const { name, holder, ttlMs } = this.options;
    const renewed = await this.leases.findOneAndUpdate(
      { _id: name, holder, epoch: term.epoch },
      [{ $set: { expiresAt: { $add: ['$$NOW', ttlMs] } } }],
      { returnDocument: 'after' },
    );
    if (renewed) term.expiresAt = renewed.expiresAt.getTime();
    return renewed !== null;
  }

  async release(term: LeaseTerm): Promise<void> {
    await this.leases.updateOne({ _id: this.options.name, epoch: term.epoch }, { $set: { expiresAt: new Date(0) } });
  }

  async holderNow(): Promise<{ holder: string; epoch: number; expiresAt: number } | null> {
    const current = await this.leases.findOne({ _id: this.options.name });
    return current ? { holder: current.holder, epoch: current.epoch, expiresAt: current.expiresAt.getTime() } : null;
  }

  /** The connection is the read store's, closed with it. */
  async close(): Promise<void> {}

  /** Nobody holds the lease, its term ran out (on the server's clock), or the asker holds it. */
  private freeForHolder(): Record<string, unknown> {
    return { $or: [{ $eq: ['$holder', this.options.holder] }, { $lte: ['$expiresAt', '$$NOW'] }] };
  }
}
