import { MemoryBus, SqliteEventStore, SqliteReadStore } from '@testament/infra';
import { documentsOfReadModels, readModels } from '@testament/projections';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENT_LOG_FILE, READ_MODELS_FILE } from '../config.ts';

export type AllReadModels = Awaited<ReturnType<typeof documentsOfReadModels>>;

/**
 * Every read model's documents as a stopped deployment left them in its data directory (a copy of its file,
 * opened as a server would: the copies its catalog serves, caught up with the log), and as a fold of the whole
 * log from scratch makes them: what a test requires to be equal.
 */
export async function keptAndRebuilt(
  dataDir: string,
): Promise<{ kept: AllReadModels; rebuilt: AllReadModels; resumedFrom: number; head: number }> {
  const copy = await mkdtemp(join(tmpdir(), 'testament-kept-'));
  // Stopped: nobody else writes it.
  const store = SqliteEventStore.open(join(dataDir, EVENT_LOG_FILE));
  // Closed before the copy is removed: an open file store's checkpoint thread would meet it gone ("disk I/O error").
  const readStores: SqliteReadStore[] = [];
  try {
    await cp(join(dataDir, READ_MODELS_FILE), join(copy, READ_MODELS_FILE));
    const head = await store.headPosition();
    const keptStore = new SqliteReadStore({ file: join(copy, READ_MODELS_FILE) });
    readStores.push(keptStore);
    const kept = readModels({ store, readStore: keptStore, bus: new MemoryBus() });
    await kept.start();
    const rebuiltStore = new SqliteReadStore();
    readStores.push(rebuiltStore);
    const rebuilt = readModels({ store, readStore: rebuiltStore, bus: new MemoryBus() });
    await rebuilt.start();
    const result = {
      kept: await documentsOfReadModels(kept.reads),
      rebuilt: await documentsOfReadModels(rebuilt.reads),
      resumedFrom: kept.resumedFrom,
      head,
    };
    await kept.stop();
    await rebuilt.stop();
    return result;
  } finally {
    for (const readStore of readStores) await readStore.close();
    await store.close();
    await rm(copy, { recursive: true, force: true });
  }
}
