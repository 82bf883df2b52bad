/**
 * The audit trail's thread: its own read-only view of the SQLite log, its own
 * SQLite file, and the audit runner folding into it, so a row per event costs
 * neither the main thread's time nor the read models' file. The main thread
 * tells it of commits and asks it the trail's queries (see audit-trail.ts).
 */
import { answerReadCall, fenceWithLease, MemoryBus, SqliteLogFollower, SqliteReadStore, type CollectionScan } from '@testament/infra';
import { auditExportRows } from '@testament/projections/audit/queries';
import { auditRunner, PROJECTIONS_ADVANCED, type ProjectionsAdvanced } from '@testament/projections';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { AuditThreadData, FromAuditThread, ToAuditThread } from './messages.ts';

/**
 * The trail folds behind the requests: on Linux a priority set from a thread is that
 * thread's own, so when the cores are busy the scheduler serves the main thread first.
 * Elsewhere it would lower the whole process, so it is left alone there.
 */
const TRAIL_NICENESS = 10;
if (process.platform === 'linux') setPriority(TRAIL_NICENESS);

const { eventsFile, auditFile, fence } = workerData as AuditThreadData;
const port = parentPort!;
const post = (message: FromAuditThread) => port.postMessage(message);

const scans: CollectionScan[] = [];
const log = SqliteLogFollower.open(eventsFile);
const readStore = new SqliteReadStore({ file: auditFile, onCollectionScan: (scan) => void scans.push(scan) });
if (fence) fenceWithLease(readStore, fence);
const bus = new MemoryBus();
bus.subscribe(PROJECTIONS_ADVANCED, (payload) => {
  const { position, topics } = payload as ProjectionsAdvanced;
  post({ kind: 'advanced', position, topics });
});
const runner = auditRunner({ store: log, readStore, bus, onOwnThread: true });

async function resume(): Promise<{ resumedFrom: number; position: number }> {
  await runner.start();
  // Kept at the log's head, the trail folds nothing: the main thread learns its position all the same.
  post({ kind: 'advanced', position: runner.position, topics: [] });
  return { resumedFrom: runner.resumedFrom, position: runner.position };
}

async function close(): Promise<void> {
  await runner.stop();
  await readStore.close();
  await log.close();
}

async function answer(id: number, work: () => Promise<unknown>): Promise<void> {
  scans.length = 0;
  try {
    post({ kind: 'answer', id, value: await work(), scans: [...scans] });
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    post({ kind: 'answer', id, error: { name, message }, scans: [...scans] });
  }
}

port.on('message', (message: ToAuditThread) => {
  switch (message.kind) {
    case 'committed':
      log.committed(message.position);
      return;
    case 'query':
      void answer(message.id, () => answerReadCall(readStore, message.call));
      return;
    case 'export':
      void answer(message.id, () => auditExportRows(readStore, message.filter, message.after, message.limit, message.withCsvFields));
      return;
    case 'control':
      void answer(message.id, () => (message.action === 'resume' ? resume() : message.action === 'pause' ? runner.stop() : close()));
  }
});

process.on('uncaughtException', (error) => post({ kind: 'failed', message: error.stack ?? error.message }));
