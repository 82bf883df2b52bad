import { jsonParseRate } from './baseline-json-parse.ts';
import { millionEventLog } from './event-log.ts';
import type { BenchResult } from './measure.ts';
import { coldStartRows, coldStartsServer, foldInChild, rebuildRows, restartRows, restartServer } from './rebuild-and-start.ts';

/** Folds and cold starts measured, each figure their median. */
const FOLDS = 3;

/**
 * Folds the ~1,000,000-event log from position 0 into fresh in-memory read
 * models (what every embedded start without a snapshot does) in a process of its
 * own, as a deployment would, then times a real cold start of the server on it,
 * and a restart from the snapshots its orderly stop wrote.
 */
export async function rebuildBenchmarks(): Promise<BenchResult[]> {
  const log = await millionEventLog();
  const parse = await jsonParseRate(log.file);
  const fold = await foldInChild(log.file, FOLDS);
  const start = await coldStartsServer('rebuild', log.dataDir, {}, 120_000, FOLDS);
  const restart = await restartServer('rebuild', start.server, log.dataDir, {}, 120_000);
  await restart.server.stop();
  const of = `${fold.events.toLocaleString('en')} events`;
  return [
    ...rebuildRows(
      'the users and projects log',
      fold,
      parse,
      {
        projects: fold.projects,
        logWrittenThroughCommandsSeconds: Math.round(log.seconds),
        jsonParseOnlyEventsPerSecond: parse.parseRate.value,
        ratioToJsonParseOnly: Number((fold.events / fold.seconds / parse.parseRate.value).toPrecision(3)),
      },
      { op: '>=', value: 0.7 },
    ),
    ...coldStartRows(of, start, parse, { op: '<=', value: 10 }),
    ...restartRows(of, restart, start),
  ];
}
