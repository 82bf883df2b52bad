import { SqliteEventStore } from '@testament/infra';
import { startServerProcess } from '@testament/gateway/testing/server-process';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { writeEventLog, type LogShape } from './event-log.ts';
import { elapsedSeconds, round, type BenchResult } from './measure.ts';
import { withTempDir } from './temp-dir.ts';

/** About 1,000,000 events: 2,000 users (24 each), 23,800 projects (42 each). */
const MILLION: LogShape = { users: 2_000, projects: 23_800, editsPerProject: 39 };

/** A deployment rebuilds in a process of its own, not in one whose heap just wrote the log. */
async function rebuildInFreshProcess(file: string): Promise<{ events: number; seconds: number; projects: number }> {
  const child = new URL('./rebuild-child.ts', import.meta.url).pathname;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', child, file], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

/**
 * Folds a log of a million events from position 0 into fresh in-memory read
 * models (what every embedded start does), then times a real cold start of
 * the server process on the same data directory.
 */
export async function rebuildBenchmarks(shape: LogShape = MILLION): Promise<BenchResult[]> {
  return withTempDir('bench-rebuild-', async (dataDir) => {
    const store = SqliteEventStore.open(join(dataDir, 'events.sqlite'));
    let writeStarted = performance.now();
    const events = await writeEventLog(store, shape);
    const writeSeconds = elapsedSeconds(writeStarted);

    await store.close();
    const fold = await rebuildInFreshProcess(join(dataDir, 'events.sqlite'));
    const foldSeconds = fold.seconds;
    const projects = fold.projects;

    writeStarted = performance.now();
    const server = await startServerProcess({ TESTAMENT_DATA_DIR: dataDir }, 120_000);
    const coldStart = elapsedSeconds(writeStarted);
    await server.stop();

    return [
      {
        name: `projection rebuild of ${events.toLocaleString('en')} events`,
        value: round(events / foldSeconds, 0),
        unit: 'events/s',
        target: { op: '>=', value: 200_000 },
        detail: { events, seconds: round(foldSeconds, 2), projects, logWrittenAt: round(events / writeSeconds, 0) },
      },
      {
        name: `cold start with ${events.toLocaleString('en')} events (process start to listening)`,
        value: round(coldStart, 2),
        unit: 's',
        target: { op: '<=', value: 10 },
      },
    ];
  });
}
