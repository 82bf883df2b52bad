import { helloWorldBaseline } from './baseline-hello-world.ts';
import { jsonParseRate } from './baseline-json-parse.ts';
import { rawCommitLatency, rawInsertRate } from './baseline-sqlite.ts';
import { millionEventLog } from './event-log.ts';
import type { Baseline, BenchResult } from './measure.ts';

const row = (baseline: Baseline, detail?: BenchResult['detail']): BenchResult => ({ ...baseline, ...(detail ? { detail } : {}) });

/**
 * The in-run references the other suites divide by: what SQLite, JSON.parse and
 * Fastify do on this machine with none of our code in the way. The other suites
 * measure the ones they need again right before their own figures (the datasets
 * are shared, the measurements not): on a shared machine the disk's and the
 * CPUs' speed drift, and figures taken a few seconds apart agree far better.
 */
export async function baselineBenchmarks(): Promise<BenchResult[]> {
  const insert = await rawInsertRate();
  const commit = await rawCommitLatency();
  const log = await millionEventLog();
  const parse = await jsonParseRate(log.file);
  const hello = await helloWorldBaseline();
  return [
    row(insert),
    row(commit.rate),
    row(commit.p50),
    row(commit.p95),
    row(parse.parseRate, { logWrittenThroughCommandsSeconds: Math.round(log.seconds) }),
    row(parse.readAndParseRate),
    row(parse.loadAndParse),
    row(hello.throughput),
    row(hello.p50),
    row(hello.p99),
    row(hello.healthzP99, { probedEveryMs: 50 }),
    row(hello.eventLoopDelayP99),
    row(hello.rss),
  ];
}
