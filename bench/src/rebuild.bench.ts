import { startServerProcess } from '@testament/gateway/testing/server-process';
import { jsonParseRate } from './baseline-json-parse.ts';
import { runChild } from './child-process.ts';
import { millionEventLog } from './event-log.ts';
import { against, elapsedSeconds, round, type BenchResult } from './measure.ts';

interface Rebuild {
  events: number;
  seconds: number;
  projects: number;
}

/**
 * Folds the ~1,000,000-event log from position 0 into fresh in-memory read
 * models (what every embedded start does) in a process of its own, as a
 * deployment would, then times a real cold start of the server on it.
 */
export async function rebuildBenchmarks(): Promise<BenchResult[]> {
  const log = await millionEventLog();
  const parse = await jsonParseRate(log.file);
  const fold = await runChild<Rebuild>(new URL('./rebuild-child.ts', import.meta.url).pathname, [log.file]);

  const startedAt = performance.now();
  const server = await startServerProcess({ TESTAMENT_DATA_DIR: log.dataDir }, 120_000);
  const coldStart = elapsedSeconds(startedAt);
  await server.stop();

  const events = fold.events.toLocaleString('en');
  return [
    against(
      {
        name: `projection rebuild of ${events} events`,
        value: round(fold.events / fold.seconds, 0),
        unit: 'events/s',
        target: { op: '>=', value: 200_000 },
        detail: {
          events: fold.events,
          seconds: round(fold.seconds, 2),
          projects: fold.projects,
          logWrittenThroughCommandsSeconds: round(log.seconds, 1),
          jsonParseOnlyEventsPerSecond: parse.parseRate.value,
          ratioToJsonParseOnly: Number((fold.events / fold.seconds / parse.parseRate.value).toPrecision(3)),
        },
      },
      parse.readAndParseRate,
      { op: '>=', value: 0.7 },
    ),
    against({ name: `cold start with ${events} events (process start to listening)`, value: round(coldStart, 2), unit: 's', target: { op: '<=', value: 10 } }, parse.loadAndParse),
  ];
}
