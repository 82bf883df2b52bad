import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryBus, SqliteEventStore, SqliteReadStore } from '@testament/infra';
import { auditRunner, readModels as versionedReadModels, type ProjectionRunner, type VersionedReadModels } from '@testament/projections';

/**
 * Folds the log at argv[2] into fresh read models as a server's start does, and prints what it took, as
 * JSON: the read models the start waits for, into a new SQLite file, then (unless `--read-models-only`)
 * the audit trail that folds behind them, into a file of its own as the server's audit thread does.
 */
const store = SqliteEventStore.open(process.argv[2]!);
const options = process.argv.slice(3);
const dir = mkdtempSync(join(tmpdir(), 'bench-rebuild-'));
const readStore = new SqliteReadStore({ file: join(dir, 'read-models.sqlite') });
const auditStore = new SqliteReadStore({ file: join(dir, 'audit-trail.sqlite') });
const bus = new MemoryBus();

async function fold(runner: ProjectionRunner | VersionedReadModels): Promise<number> {
  const startedAt = performance.now();
  await runner.start();
  return (performance.now() - startedAt) / 1000;
}

const readModels = versionedReadModels({ store, readStore, bus });
const seconds = await fold(readModels);
// `--read-models-only` leaves the audit trail out (a repeat of the read models' fold).
const audit = options.includes('--read-models-only') ? undefined : auditRunner({ store, readStore: auditStore, bus, onOwnThread: true });
const auditSeconds = audit ? await fold(audit) : 0;
const result = {
  events: readModels.position,
  seconds,
  auditSeconds,
  projects: await readModels.reads.collection('projects').count({}),
  peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
};
await Promise.all([readModels.stop(), audit?.stop()]);
await Promise.all([readStore.close(), auditStore.close()]);
await store.close();
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify(result));
