/**
 * A generation of the read models folded on a thread of its own (see generation-thread.ts): its own
 * read-only view of the SQLite log and its own connection to the read models' file, writing only the
 * generation's tables, in short transactions, while the main thread serves the copies in use.
 */
import { fenceWithLease, MemoryBus, SqliteLogFollower, SqliteReadStore } from '@testament/infra';
import { generationRunner, readModelBatches, readModelProjections } from '@testament/projections';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { answerControl } from './control-answers.ts';
import type { FromGenerationThread, GenerationThreadData, ToGenerationThread } from './messages.ts';

/** The build yields to requests: on Linux a thread's priority is its own (see the audit trail's thread). */
const BUILD_NICENESS = 10;
if (process.platform === 'linux') setPriority(BUILD_NICENESS);
/** How often the main thread hears how far the build is (`/readyz`, `/metrics`). */
const PROGRESS_EVERY_MS = 500;

const { eventsFile, readModelsFile, names, generation, runnerName, holdsUpStart, fence } = workerData as GenerationThreadData;
const port = parentPort!;
const post = (message: FromGenerationThread) => port.postMessage(message);

const log = SqliteLogFollower.open(eventsFile);
// The main thread's connection checkpoints the file.
const readStore = new SqliteReadStore({ file: readModelsFile, checkpoints: false });
if (fence) fenceWithLease(readStore, fence);
const projections = readModelProjections.filter((projection) => names.includes(projection.name));
const { catchUpBatchSize, backgroundBatchSizeOnAThread } = readModelBatches;
const runner = generationRunner(
  { store: log, readStore, bus: new MemoryBus(), catchUpBatchSize, backgroundBatchSize: backgroundBatchSizeOnAThread },
  { projections, generation, runnerName, holdsUpStart },
  true,
);
const progress = setInterval(() => post({ kind: 'advanced', position: runner.position }), PROGRESS_EVERY_MS);

async function start(until: number | undefined): Promise<void> {
  await runner.start(until);
  // Built row by row, the new tables have no statistics yet: the planner needs them to choose between indexes.
  if (!holdsUpStart && until === undefined) await analyzeGeneration();
}

/** Pause between two tables' analyses: the served runner's write, waiting for the file, takes its turn. */
const TURN_MS = 50;

/**
 * Gathers the statistics of the generation's tables (its collections' and their side tables'), one table at a time: an analysis holds
 * the file's writer, and the whole file's took 2.6 s on 100,000 tests and 1M results, while writes waited.
 */
async function analyzeGeneration(): Promise<void> {
  // Not the search tables (FTS5 keeps no statistics the planner reads) nor the build's checkpoints (one row).
  const tables = readStore.db
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND instr(name, ?) > 0 AND sql NOT LIKE 'CREATE VIRTUAL%' " +
        "AND instr(name, '#') = 0 AND name NOT LIKE 'rm\\_\\_%' ESCAPE '\\'",
    )
    .pluck()
    .all(`~${generation}`) as string[];
  await readStore.analyzeInTurns(tables, TURN_MS);
}

async function close(): Promise<void> {
  clearInterval(progress);
  await runner.stop();
  await readStore.close();
  await log.close();
}

port.on('message', (message: ToGenerationThread) => {
  if (message.kind === 'committed') return log.committed(message.position);
  void answerControl(post, runner, message.id, () =>
    message.action === 'start' ? start(message.until) : message.action === 'stop' ? runner.stop() : close(),
  );
});

process.on('uncaughtException', (error) => post({ kind: 'failed', message: error.stack ?? error.message }));
