import { randomUUID } from 'node:crypto';
import { readStoreContract } from './contract.ts';
import { MongoReadStore } from './mongodb/mongo-read-store.ts';
import { MONGODB_SERVER, suiteServer } from '../testing/suite-server.ts';

// MONGO_URL, else a container wherever a container runtime answers.
const server = await suiteServer(MONGODB_SERVER);
const mongoUrl = server.url;
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
  server.skipped ?? '',
);
