/**
 * The read models folded on a thread of their own (see read-models-thread.ts): a read-only view of the
 * SQLite log, the only connection that writes the read models' file, and the blue/green read models
 * (`readModels`) with their builds on threads of their own. The log's commit thread tells it of commits
 * (the main thread does, in the projection service); the main thread reads the file from its own
 * connection, and hears of every batch, and of every switch of copies before a replaced copy is dropped.
 */
import { fenceWithLease, MemoryBus, SqliteLogFollower, SqliteReadStore, ThreadRequests } from '@testament/infra';
import { PROJECTIONS_ADVANCED, READ_MODELS_RUNNER, readModels, type ProjectionsAdvanced } from '@testament/projections';
import { parentPort, workerData } from 'node:worker_threads';
import { GenerationThread } from './generation-thread.ts';
import { answerControl } from './control-answers.ts';
import type { FromReadModelsThread, ReadModelsThreadData, ToReadModelsThread } from './messages.ts';

/** How often the main thread hears how far a build beside the served copies is (`/readyz`, `/metrics`). */
const STATUS_EVERY_MS = 500;

const files = workerData as ReadModelsThreadData;
const port = parentPort!;
const post = (message: FromReadModelsThread) => port.postMessage(message);
const toMain = new ThreadRequests<Extract<FromReadModelsThread, { kind: 'served' }>, unknown>(port);

const log = SqliteLogFollower.open(files.eventsFile);
const readStore = new SqliteReadStore({ file: files.readModelsFile });
if (files.fence) fenceWithLease(readStore, files.fence);
const bus = new MemoryBus();
bus.subscribe(PROJECTIONS_ADVANCED, (payload) => {
  const { runner, position, topics, collections = [] } = payload as ProjectionsAdvanced;
  if (runner === READ_MODELS_RUNNER) post({ kind: 'advanced', position, topics, collections });
});
const runner = readModels({
  store: log,
  readStore,
  bus,
  builds: (build) => new GenerationThread(files, build, bus),
  onServed: async (served) => {
    await toMain.ask({ kind: 'served', id: 0, served: [...served] });
    post({ kind: 'status', status: runner.status() });
  },
});
const status = setInterval(() => post({ kind: 'status', status: runner.status() }), STATUS_EVERY_MS);

async function start(): Promise<void> {
  await runner.start();
  post({ kind: 'status', status: runner.status() });
}

async function close(): Promise<void> {
  clearInterval(status);
  await runner.stop();
  await readStore.close();
  await log.close();
}

port.on('message', (message: ToReadModelsThread) => {
  if (message.kind === 'committed') return log.committed(message.position);
  if (message.kind === 'commits') return void message.port.on('message', (head: number) => log.committed(head));
  if (message.kind === 'answer') return toMain.settle(message);
  void answerControl(post, runner, message.id, () =>
    message.action === 'start' ? start() : message.action === 'stop' ? runner.stop() : close(),
  );
});

process.on('uncaughtException', (error) => post({ kind: 'failed', message: error.stack ?? error.message }));
