import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryBus, MemoryReadStore, SqliteEventStore, SqliteReadStore, type ReadStore } from '@testament/infra';
import { auditRunner, readModelsRunner, type ProjectionRunner } from '@testament/projections';

/**
 * Folds the log at argv[2] into fresh read models as a server's start does, and prints what it took, as
 * JSON: the read models the start waits for, then (unless `--read-models-only`) the audit trail that folds
 * behind them. `--store=memory` folds into the in-heap engine; by default into a new SQLite file, as the
 * server keeps them.
 */
const store = SqliteEventStore.open(process.argv[2]!);
const options = process.argv.slice(3);
const inMemory = options.includes('--store=memory');
const dir = inMemory ? undefined : mkdtempSync(join(tmpdir(), 'bench-rebuild-'));
// As the server keeps them by default (TESTAMENT_FREEZE_READ_MODELS unset).
const readStore: ReadStore = dir ? new SqliteReadStore({ file: join(dir, 'read-models.sqlite') }) : new MemoryReadStore({ freezeDocuments: false });
const bus = new MemoryBus();

async function fold(runner: ProjectionRunner): Promise<number> {
  const startedAt = performance.now();
  await runner.start();
  // Part of a rebuild: the indexes sorted, as the server has them before it says it is ready.
  if (readStore instanceof MemoryReadStore) readStore.settleIndexes();
  return (performance.now() - startedAt) / 1000;
}

const readModels = readModelsRunner({ store, readStore, bus });
const seconds = await fold(readModels);
// `--read-models-only` leaves the audit trail out (a repeat of the read models' fold).
const audit = options.includes('--read-models-only') ? undefined : auditRunner({ store, readStore, bus, onOwnThread: true });
const auditSeconds = audit ? await fold(audit) : 0;
const result = { events: readModels.position, seconds, auditSeconds, projects: await readStore.collection('projects').count({}), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) };
await Promise.all([readModels.stop(), audit?.stop()]);
await readStore.close();
await store.close();
if (dir) rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify(result));
