import { randomUUID } from 'node:crypto';
import { readStoreContract } from './contract.ts';
import { MongoReadStore } from './mongodb/mongo-read-store.ts';

const mongoUrl = process.env.MONGO_URL;
readStoreContract(
  'MongoDB',
  mongoUrl
    ? async () => {
        // A database of its own for every store, dropped afterwards, so runs never see each other's data.
        const store = await MongoReadStore.connect(mongoUrl, `testament_contract_${randomUUID().slice(0, 8)}`);
        return {
          store,
          cleanup: async () => {
            await store.dropDatabase();
            await store.close();
          },
        };
      }
    : null,
  'MONGO_URL is not set and no container runtime is available',
);
