import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readStoreContract } from '../contract.ts';
import { SqliteReadStore } from './sqlite-read-store.ts';

readStoreContract('SQLite in memory', async () => {
  const store = new SqliteReadStore();
  return { store, cleanup: () => store.close() };
});

readStoreContract('SQLite file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'testament-read-store-'));
  const store = new SqliteReadStore({ file: join(dir, 'read-models.sqlite') });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});
