import { KURRENTDB_SERVER, suiteServer } from '../../testing/suite-server.ts';
import { eventStoreContract } from '../contract.ts';
import { KurrentDbEventStore } from './kurrentdb-event-store.ts';

// KURRENTDB_URL (e.g. kurrentdb://localhost:2113?tls=false), else a container wherever a container runtime answers. The contract writes
// to uniquely prefixed streams, so a shared, non-empty server is fine.
const server = await suiteServer(KURRENTDB_SERVER);
const { url } = server;

eventStoreContract(
  'KurrentDB',
  url
    ? async () => {
        const store = KurrentDbEventStore.connect(url);
        return { store, cleanup: () => store.close() };
      }
    : null,
  server.skipped ?? '',
);
