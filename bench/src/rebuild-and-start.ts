import {
  AGGREGATE_SNAPSHOTS_FILE,
  AUDIT_TRAIL_FILE,
  FOLD_YOUNG_GENERATION_MB,
  READ_MODELS_FILE,
  startServerProcess,
  type ServerProcess,
} from '@testament/gateway/testing/server-process';

/** A fold in a child process with the young generation the server's folding thread has. */
const FOLD_HEAP_ARGS = [`--max-semi-space-size=${FOLD_YOUNG_GENERATION_MB / 3}`];
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { JsonParseBaseline } from './baseline-json-parse.ts';
import { runChild } from './child-process.ts';
import { against, elapsedSeconds, log, median, round, type BenchResult, type Target } from './measure.ts';

/** What `rebuild-child.ts` measured: the read models a start waits for, then the audit trail behind them. */
export interface Rebuild {
  events: number;
  /** The median of `runs`. */
  seconds: number;
  /** Each fold of the read models, in a fresh process. */
  runs: number[];
  auditSeconds: number;
  projects: number;
}

const REBUILD_CHILD = new URL('./rebuild-child.ts', import.meta.url).pathname;

/**
 * Folds the log at `file` into fresh read models in a process of its own with the server's heap settings, as a
 * deployment would: `times` processes (the median is the figure: on a shared machine one fold of the same log
 * took anywhere from 4 to 7 s), the first folding the audit trail behind them too.
 */
export async function foldInChild(file: string, times = 1): Promise<Rebuild> {
  const first = await runChild<Omit<Rebuild, 'runs'>>(REBUILD_CHILD, [file], FOLD_HEAP_ARGS);
  const runs = [first.seconds];
  while (runs.length < times)
    runs.push((await runChild<Omit<Rebuild, 'runs'>>(REBUILD_CHILD, [file, '--read-models-only'], FOLD_HEAP_ARGS)).seconds);
  return { ...first, seconds: median(runs), runs };
}

/** The runs a median was taken of, for a row's detail; nothing for a single run. */
function medianDetail(runs: readonly number[] | undefined): { medianOfSeconds: string } | undefined {
  return runs && runs.length > 1 ? { medianOfSeconds: runs.map((run) => round(run, 2)).join(' ') } : undefined;
}

/** The rebuild's rows: the read models (the target) and the audit trail's fold, each beside reading and parsing the same log. */
export function rebuildRows(
  of: string,
  fold: Rebuild,
  parse: JsonParseBaseline,
  detail: Record<string, number | string>,
  ratioTarget?: Target,
): BenchResult[] {
  const events = fold.events.toLocaleString('en');
  return [
    against(
      {
        name: `projection rebuild of ${of} (${events} events): the read models a start waits for`,
        value: round(fold.events / fold.seconds, 0),
        unit: 'events/s',
        target: { op: '>=', value: 200_000 },
        detail: { seconds: round(fold.seconds, 2), ...medianDetail(fold.runs), ...detail },
      },
      parse.readAndParseRate,
      ratioTarget,
    ),
    against(
      {
        name: `audit trail fold of ${of}, behind the read models (a start does not wait for it)`,
        value: round(fold.events / fold.auditSeconds, 0),
        unit: 'events/s',
        detail: { seconds: round(fold.auditSeconds, 2) },
      },
      parse.readAndParseRate,
    ),
  ];
}

export interface ColdStart {
  server: ServerProcess;
  /** From spawning the process to its `listening on` line. */
  seconds: number;
  /** From spawning the process until `/readyz` says the audit trail has folded the log's head. */
  auditSeconds: number;
}

/** Resolves once the server's audit trail, the last of its folds, has caught up with the log: nothing it does meanwhile is left. */
export async function untilAtRest(url: string, timeoutMs = 900_000): Promise<void> {
  for (const deadline = performance.now() + timeoutMs; ; ) {
    if (performance.now() > deadline) throw new Error(`the audit trail of ${url} did not catch up within ${timeoutMs / 1000} s`);
    // A connection the server closed as it was asked again (a keep-alive timing out) is asked again.
    const ready = (await fetch(`${url}/readyz`).then(
      (answer) => answer.json(),
      () => ({ head: 1, audit_position: 0 }),
    )) as { head: number; audit_position: number };
    if (ready.audit_position >= ready.head) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the real server on `dataDir` and waits until its audit trail has caught
 * up too, so what a suite measures next runs on a server at rest.
 */
export async function startServerAtRest(label: string, env: Record<string, string>, timeoutMs: number): Promise<ColdStart> {
  const startedAt = performance.now();
  const server = await startServerProcess(env, timeoutMs);
  const seconds = elapsedSeconds(startedAt);
  await untilAtRest(server.url);
  const auditSeconds = elapsedSeconds(startedAt);
  log(`${label}: server listening in ${round(seconds, 1)} s, audit trail caught up in ${round(auditSeconds, 1)} s`);
  return { server, seconds, auditSeconds };
}

/**
 * A cold start, as on a new machine: the read models an earlier suite left in the shared store (the
 * read models' and the audit trail's SQLite files) are removed first, so the whole log is folded.
 */
export async function coldStartServer(label: string, dataDir: string, env: Record<string, string>, timeoutMs: number): Promise<ColdStart> {
  await removeReadModels(dataDir);
  return startServerAtRest(label, { ...env, TESTAMENT_DATA_DIR: dataDir }, timeoutMs);
}

function removeReadModels(dataDir: string): Promise<unknown> {
  return removeSqliteFiles(dataDir, [READ_MODELS_FILE, AUDIT_TRAIL_FILE]);
}

/** The write side's snapshots removed (the server stopped): its next start reads every stream it loads whole. */
export function removeAggregateSnapshots(dataDir: string): Promise<unknown> {
  return removeSqliteFiles(dataDir, [AGGREGATE_SNAPSHOTS_FILE]);
}

function removeSqliteFiles(dataDir: string, names: readonly string[]): Promise<unknown> {
  const files = names.flatMap((file) => ['', '-wal', '-shm'].map((suffix) => `${file}${suffix}`));
  return Promise.all(files.map((file) => rm(join(dataDir, file), { force: true })));
}

/**
 * The cold start as the median of `times` (the first at rest, as `coldStartServer`; the others stopped
 * as soon as they listen), since one start on a shared machine varies by a second or two.
 */
export async function coldStartsServer(
  label: string,
  dataDir: string,
  env: Record<string, string>,
  timeoutMs: number,
  times: number,
): Promise<ColdStart & { runs: number[] }> {
  const runs: number[] = [];
  for (let more = 1; more < times; more++) {
    await removeReadModels(dataDir);
    const startedAt = performance.now();
    const server = await startServerProcess({ ...env, TESTAMENT_DATA_DIR: dataDir }, timeoutMs);
    runs.push(elapsedSeconds(startedAt));
    await server.stop();
  }
  const atRest = await coldStartServer(label, dataDir, env, timeoutMs);
  runs.push(atRest.seconds);
  log(`${label}: cold starts listening in ${runs.map((run) => round(run, 1)).join(', ')} s`);
  return { ...atRest, seconds: median(runs), runs };
}

export interface Restart extends ColdStart {
  /** From the stop signal to the old process's exit. */
  stopSeconds: number;
}

/** Stops a server at rest in order and starts it again on the same data, which keeps its read models. */
export async function restartServer(
  label: string,
  server: ServerProcess,
  dataDir: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<Restart> {
  const stoppedAt = performance.now();
  await server.stop();
  const stopSeconds = elapsedSeconds(stoppedAt);
  const start = await startServerAtRest(`${label} (restarted)`, { ...env, TESTAMENT_DATA_DIR: dataDir }, timeoutMs);
  return { ...start, stopSeconds };
}

/** The restart's rows: the orderly stop, and the start that finds the read models kept. */
export function restartRows(of: string, restart: Restart, cold: ColdStart): BenchResult[] {
  return [
    { name: `orderly stop with ${of}`, value: round(restart.stopSeconds, 2), unit: 's' },
    against(
      {
        name: `restart with ${of} (process start to listening)`,
        value: round(restart.seconds, 2),
        unit: 's',
        target: { op: '<=', value: 2 },
      },
      { name: 'the cold start', value: round(cold.seconds, 2), unit: 's' },
    ),
    against(
      { name: `audit trail caught up after that restart (${of})`, value: round(restart.auditSeconds, 2), unit: 's' },
      { name: 'after the cold start', value: round(cold.auditSeconds, 2), unit: 's' },
    ),
  ];
}

/** The cold start's rows: listening (the target when given) and the audit trail caught up. */
export function coldStartRows(
  of: string,
  start: ColdStart & { runs?: number[] },
  parse: JsonParseBaseline,
  target?: Target,
): BenchResult[] {
  return [
    against(
      {
        name: `cold start with ${of} (process start to listening)`,
        value: round(start.seconds, 2),
        unit: 's',
        ...(target && { target }),
        detail: medianDetail(start.runs),
      },
      parse.loadAndParse,
    ),
    against({ name: `audit trail caught up after that start (${of})`, value: round(start.auditSeconds, 2), unit: 's' }, parse.loadAndParse),
  ];
}
