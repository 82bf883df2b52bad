import { MemoryBus, MemoryReadStore, SqliteEventStore } from '@testament/infra';
import { auditRunner, readModelsRunner, type ProjectionRunner } from '@testament/projections';

/**
 * Folds the log at argv[2] into fresh in-memory read models as a server's start does, and prints what
 * it took, as JSON: the read models the start waits for, then (unless argv[3] is `--read-models-only`)
 * the audit trail that folds behind them.
 */
const store = SqliteEventStore.open(process.argv[2]!);
// As the server keeps them by default (TESTAMENT_FREEZE_READ_MODELS unset).
const readStore = new MemoryReadStore({ freezeDocuments: false });
const bus = new MemoryBus();

async function fold(runner: ProjectionRunner): Promise<number> {
  const startedAt = performance.now();
  await runner.start();
  // Part of a rebuild: the indexes sorted, as the server has them before it says it is ready.
  readStore.settleIndexes();
  return (performance.now() - startedAt) / 1000;
}

const readModels = readModelsRunner({ store, readStore, bus });
const seconds = await fold(readModels);
// As the server folds it on its own thread; `--read-models-only` leaves it out (a repeat of the read models' fold).
const audit = process.argv[3] === '--read-models-only' ? undefined : auditRunner({ store, readStore, bus, onOwnThread: true });
const auditSeconds = audit ? await fold(audit) : 0;
const result = { events: readModels.position, seconds, auditSeconds, projects: await readStore.collection('projects').count({}) };
await Promise.all([readModels.stop(), audit?.stop()]);
await store.close();
console.log(JSON.stringify(result));
