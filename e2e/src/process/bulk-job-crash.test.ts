import type { BulkJob } from '@testament/contracts';
import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '@testament/gateway/testing/harness';
import { HttpSession } from '@testament/gateway/testing/http-session';
import { startServerProcess, type ServerProcess } from '@testament/gateway/testing/server-process';
import { seededRandom } from '@testament/infra/testing/seeded-random';
import { resultsSince, seedProject } from './seeded-project.ts';

const PLANS = 40;
const CASES = 1_000;
const TESTS = PLANS * CASES;
const KILLS = 5;
/** The system status Passed. */
const PASSED = 2;
const POLL_MS = 50;
/** A job that shows no progress for this long has stopped (not resumed after a restart, say): fail now rather than at the timeout. */
const STALL_MS = 60_000;

let dataDir: string | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const startedAt = performance.now();
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
const timing = (what: string, from: number) => console.info(`${what}: ${seconds(from)} s (at ${seconds(startedAt)} s)`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a bulk job through kill -9', () => {
  it('adds exactly one result to every test however often the server is killed while it runs', async () => {
    const seeded = await seedProject(PLANS, CASES);
    dataDir = seeded.dataDir;
    timing(`seeded ${TESTS} tests`, startedAt);

    const start = async (port = '0') => (server = await startServerProcess({ TESTAMENT_DATA_DIR: seeded.dataDir, PORT: port }));
    let up = performance.now();
    await start();
    timing('server started', up);
    // Restarts keep the address, so the session's cookies still apply.
    const port = new URL(server!.url).port;
    const session = new HttpSession(server!.url);
    await session.login('admin', ADMIN_PASSWORD);
    const get = async <T>(path: string): Promise<T> => {
      const response = await session.request('GET', path);
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    };
    const jobStartedAt = performance.now();
    const day = (time: number) => new Date(time).toISOString().slice(0, 10);
    const firstDay = day(Date.now());
    const accepted = await session.request('PUT', '/api/v2/tests/bulk-update/', {
      project: seeded.project,
      result: { status: PASSED, comment: 'Through kill -9' },
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toBe('');

    const job = async () => (await get<{ results: BulkJob[] }>('/api/v2/bulk-jobs/')).results[0]!;
    // When `done` last moved and how long its last step took, so a kill can wait a random part of a step and land anywhere within a chunk.
    let lastStep = { done: 0, at: jobStartedAt, ms: 0 };
    const watch = async (until: (job: BulkJob) => boolean): Promise<BulkJob> => {
      for (;;) {
        const seen = await job();
        const now = performance.now();
        if (seen.done > lastStep.done) lastStep = { done: seen.done, at: now, ms: now - lastStep.at };
        if (until(seen) || seen.status !== 'running') return seen;
        expect(now - lastStep.at, `progress of the job since ${lastStep.done}/${seen.total} were done`).toBeLessThan(STALL_MS);
        await sleep(POLL_MS);
      }
    };

    // The first kill waits for progress somewhere in the job's first tenth; each later one for the resumed job's
    // first progress (a resumed job runs thousands of tests a second, and would end before a kill aimed further on).
    // Each then waits a random part of a step, so kills land anywhere within a chunk.
    const random = seededRandom(20_240_607);
    let killedAt = 0;
    let kills = 0;
    let resumedFrom = -1;
    for (let kill = 1; kill <= KILLS; kill++) {
      const threshold = kill === 1 ? Math.floor((TESTS * random()) / (2 * KILLS)) : resumedFrom + 1;
      const seen = await watch((job) => job.done >= threshold);
      const wait = Math.round(random() * lastStep.ms);
      await sleep(wait);
      // A kill after the job ended would interrupt nothing: the kills left are not made.
      if (seen.status !== 'running' || (await job()).status !== 'running') break;
      await server!.stop('SIGKILL');
      const interruptedAt = Date.now();
      up = performance.now();
      await start(port);
      // The restart's time is no step of the job's.
      lastStep = { ...lastStep, at: performance.now() };
      timing(`kill ${kill} ${wait} ms after ${seen.done}/${seen.total} were done (steps of ${Math.round(lastStep.ms)} ms); restarted`, up);
      // The job may have ended in the moment between the look and the kill: that kill interrupted nothing.
      const after = await job();
      if (after.status !== 'running' && Date.parse(after.ended_at!) < interruptedAt) break;
      resumedFrom = after.done;
      kills++;
      killedAt = interruptedAt;
    }

    const ended = await watch(() => false);
    timing('job ended', jobStartedAt);
    expect(ended).toMatchObject({ status: 'finished', total: TESTS, done: TESTS, failed_item: null });
    // Ended by a server started after the last kill: every kill interrupted the running job, and at least two were made.
    expect(kills).toBeGreaterThanOrEqual(2);
    expect(Date.parse(ended.ended_at!)).toBeGreaterThan(killedAt);

    // Every test resulted Passed, and the project holds as many results as tests: so exactly one each.
    const count = async (query: string) =>
      (await get<{ count: number }>(`/api/v2/tests/?project=${seeded.project}&page_size=1${query}`)).count;
    expect(await count('')).toBe(TESTS);
    expect(await count(`&last_status=${PASSED}`)).toBe(TESTS);
    expect(await resultsSince(get, seeded.project, firstDay)).toBe(TESTS);
    timing('checked', startedAt);
  }, 600_000);
});
