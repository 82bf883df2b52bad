import { eventStoreContract } from '../contract.ts';
import { KurrentDbEventStore } from './kurrentdb-event-store.ts';

// Runs against a real server only: KURRENTDB_URL, e.g. kurrentdb://localhost:2113?tls=false.
// The contract writes to uniquely prefixed streams, so a shared, non-empty server is fine.
const url = process.env.KURRENTDB_URL;

eventStoreContract(
  'KurrentDB',
  url
    ? async () => {
        const store = KurrentDbEventStore.connect(url);
        return { store, cleanup: () => store.close() };
      }
    : null,
  'KURRENTDB_URL is not set and no container runtime is available',
);
