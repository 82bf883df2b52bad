import type { BulkJob } from '@testament/contracts';
import { Agent } from 'node:http';
import { call, connection, type Credentials, type HttpCall } from './http-call.ts';
import { elapsedSeconds, inParallel, round } from './measure.ts';

/** How often the job's user looks at GET bulk-jobs/ (the end-to-end time's resolution). */
const POLL_MS = 50;

export interface JobRun {
  seconds: number;
  job: BulkJob;
  /** Each change of `done` the user saw, with the seconds since the PUT. */
  progress: Array<{ second: number; done: number }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const thousands = (value: number) => value.toLocaleString('en');

/** The answer's body; any other status than the expected one is an error. */
export async function answered(agent: Agent, baseUrl: string, spec: HttpCall, credentials: Credentials): Promise<string> {
  const result = await call(agent, baseUrl, spec, credentials);
  if (result.status !== spec.expect) throw new Error(`${spec.method} ${spec.path} answered ${result.status}: ${result.body.slice(0, 200)}`);
  return result.body;
}

/**
 * One bulk change (`PUT tests/bulk-update/` or `cases/bulk-update/`) as its
 * user sees it: from the PUT until GET bulk-jobs/ shows the job ended.
 * `is_async` keeps a scaled run (1,000 items or fewer) in the background too.
 */
export async function runJob(baseUrl: string, credentials: Credentials, path: string, body: Record<string, unknown>): Promise<JobRun> {
  const agent = connection();
  const latest = async () =>
    (
      JSON.parse(
        await answered(agent, baseUrl, { kind: 'jobs', method: 'GET', path: '/api/v2/bulk-jobs/?page_size=1', expect: 200 }, credentials),
      ) as { results: BulkJob[] }
    ).results[0];
  const before = (await latest())?.id;
  const startedAt = performance.now();
  await answered(agent, baseUrl, { kind: 'bulk', method: 'PUT', path, body: { ...body, is_async: true }, expect: 200 }, credentials);
  const progress: JobRun['progress'] = [];
  try {
    for (;;) {
      const job = await latest();
      const second = elapsedSeconds(startedAt);
      if (job && job.id !== before) {
        if (progress.at(-1)?.done !== job.done) progress.push({ second, done: job.done });
        if (job.status === 'failed') throw new Error(`bulk job ${job.id} failed: ${job.reason}`);
        if (job.status === 'finished') return { seconds: second, job, progress };
      }
      await sleep(POLL_MS);
    }
  } finally {
    agent.destroy();
  }
}

/** `done` at each tenth of the job's time, and the longest the user saw no progress. */
export function progressDetail(run: JobRun): Record<string, string | number> {
  const at = (second: number) => run.progress.findLast((sample) => sample.second <= second)?.done ?? 0;
  const tenths = Array.from({ length: 10 }, (_, i) => ((i + 1) * run.seconds) / 10);
  const silences = run.progress.slice(1).map((sample, i) => sample.second - run.progress[i]!.second);
  return {
    progress: tenths.map((second) => `${round(second, 1)} s: ${thousands(at(second))}`).join(', '),
    progressUpdatesSeen: run.progress.length,
    longestWithoutProgressSeconds: round(Math.max(0, ...silences), 1),
  };
}

/** Requests `path` one after another until `stop` says so; the latencies. */
export async function requestUntil(baseUrl: string, credentials: Credentials, path: string, stop: { now: boolean }): Promise<number[]> {
  const agent = connection();
  const samples: number[] = [];
  while (!stop.now) {
    const result = await call(agent, baseUrl, { kind: 'list', method: 'GET', path, expect: 200 }, credentials);
    if (result.status !== 200) throw new Error(`GET ${path} answered ${result.status} during the job: ${result.body.slice(0, 200)}`);
    samples.push(result.ms);
  }
  agent.destroy();
  return samples;
}

/** The naive way: one API call per item, `clients` at a time; the seconds the sample took, extrapolated to `total` items. */
export async function naively(
  baseUrl: string,
  credentials: Credentials,
  calls: HttpCall[],
  clients: number,
  total: number,
): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const startedAt = performance.now();
  await inParallel(calls, clients, (spec) => answered(agent, baseUrl, spec, credentials));
  const seconds = (elapsedSeconds(startedAt) * total) / calls.length;
  agent.destroy();
  return seconds;
}
