import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { CollectionWrites } from '../ports/read-store.ts';
import { MongoReadStore } from '../read-store/mongodb/mongo-read-store.ts';
import { SqliteReadStore } from '../read-store/sqlite/sqlite-read-store.ts';
import { SqliteWriterLease } from '../read-store/sqlite/writer-lease.ts';
import { MONGODB_SERVER, suiteServer } from '../testing/suite-server.ts';
import { makeTempDir, removeTempDir } from '../testing/temp-dir.ts';
import { writerLeaseContract } from './contract.ts';

const writes = (ids: string[]): CollectionWrites[] => [
  { collection: 'writes', operations: ids.map((id) => ({ insertOne: { document: { _id: id } } })) },
];

writerLeaseContract('SqliteWriterLease', async () => {
  const dir = await makeTempDir('lease-contract');
  const file = join(dir, 'read-models.sqlite');
  const opened: SqliteReadStore[] = [];
  const connection = () => {
    const store = new SqliteReadStore({ file, checkpoints: false });
    opened.push(store);
    return store;
  };
  return {
    async holder(holder, ttlMs) {
      const store = connection();
      const lease = new SqliteWriterLease(store.db, { name: 'read-models', holder, ttlMs });
      return {
        lease,
        write(term, ids) {
          store.fenceWrites(() => lease.check(term));
          return store.writeAll(writes(ids));
        },
        empty(term) {
          store.fenceWrites(() => lease.check(term));
          return store.collection('writes').clear();
        },
      };
    },
    async written() {
      return (
        await connection()
          .collection('writes')
          .find({}, { sort: { _id: 1 } })
      ).map((document) => String(document._id));
    },
    async cleanup() {
      for (const store of opened) await store.close();
      await removeTempDir(dir);
    },
  };
});

// MONGO_URL (a replica set: fenced writes are transactions), else a container wherever a container runtime answers.
const mongo = await suiteServer(MONGODB_SERVER);
const mongoUrl = mongo.url;
writerLeaseContract(
  'MongoWriterLease',
  mongoUrl
    ? async () => {
        const database = `testament_lease_${randomUUID().slice(0, 8)}`;
        const opened: MongoReadStore[] = [];
        const connection = async () => {
          const store = await MongoReadStore.connect(mongoUrl, database);
          opened.push(store);
          return store;
        };
        return {
          async holder(holder, ttlMs) {
            const store = await connection();
            return {
              lease: store.lease({ name: 'read-models', holder, ttlMs }),
              write(term, ids) {
                store.fenceWrites({ name: 'read-models', holder, epoch: term.epoch }, ttlMs);
                return store.writeAll(writes(ids));
              },
              empty(term) {
                store.fenceWrites({ name: 'read-models', holder, epoch: term.epoch }, ttlMs);
                return store.collection('writes').clear();
              },
            };
          },
          async written() {
            return (await (await connection()).collection('writes').find({}, { sort: { _id: 1 } })).map((document) => String(document._id));
          },
          async cleanup() {
            await opened[0]?.dropDatabase();
            for (const store of opened) await store.close();
          },
        };
      }
    : null,
  mongo.skipped,
);
