import type { BulkJob } from '@testament/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD } from '@testament/gateway/testing/harness';
import { HttpSession } from '@testament/gateway/testing/http-session';
import { roleDeployments } from './role-deployment.ts';
import { resultsSince, seedProject } from './seeded-project.ts';

const PLANS = 20;
const CASES = 1_000;
const TESTS = PLANS * CASES;
/** The system status Passed. */
const PASSED = 2;
const POLL_MS = 50;
/** How long the log must stay as it is to count as settled, and how long a settled job is then watched standing still. */
const STANDING_MS = 2_000;
/**
 * A job that shows no progress for this long was not resumed, and a log that grows this long with no jobs worker did not settle:
 * fail now rather than at the timeout.
 */
const STALL_MS = 30_000;

const deploy = roleDeployments();

/**
 * Which process is killed in the middle of the job: the command service, which runs the job and, without jobs workers, applies its
 * chunks; or the one jobs worker, which applies the chunks while the command service runs the job and appends for it.
 */
const scenarios = [
  { killed: 'the command service (TESTAMENT_ROLE=commands)', role: 'commands', jobWorkers: 0 },
  { killed: 'its jobs worker (TESTAMENT_ROLE=jobs)', role: 'jobs', jobWorkers: 1 },
] as const;

describe.each(scenarios)('a bulk job when $killed is killed', ({ role, jobWorkers }) => {
  it('carries on from where it stood once the process is back, adding exactly one result to every test', async () => {
    const seeded = await seedProject(PLANS, CASES);
    const deployment = await deploy({
      dataDir: seeded.dataDir,
      env: { TESTAMENT_WRITE_RATE_LIMIT: '0', TESTAMENT_JOBS: String(jobWorkers) },
    });
    const commands = await deployment.start('commands');
    await deployment.start('projections');
    const gateway = await deployment.start('gateway');
    const killed = jobWorkers > 0 ? await deployment.start('jobs') : commands;

    const session = new HttpSession(gateway.url);
    await session.login('admin', ADMIN_PASSWORD);
    const get = async <T>(path: string): Promise<T> => {
      const response = await session.request('GET', path);
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    };
    const job = async () => (await get<{ results: BulkJob[] }>('/api/v2/bulk-jobs/')).results[0]!;
    /** The log's head and the position the gateway's read models include, from its metrics. */
    const positions = async () => {
      const response = await session.request('GET', '/metrics');
      expect(response.status, '/metrics').toBe(200);
      const text = await response.text();
      const gauge = (name: string) => {
        const value = new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1];
        expect(value, `${name} in /metrics`).toBeDefined();
        return Number(value);
      };
      return { head: gauge('testament_event_store_head_position'), included: gauge('testament_read_models_position') };
    };
    /** Progress once the log has stopped growing for STANDING_MS and the read models include all of it (they may lag seconds). */
    const settledProgress = () =>
      vi.waitFor(
        async () => {
          const before = await positions();
          await new Promise((resolve) => setTimeout(resolve, STANDING_MS));
          const after = await positions();
          expect(after.head, 'the log stood still with no jobs worker').toBe(before.head);
          expect(after.included, 'the read models include the log').toBe(after.head);
          return (await job()).done;
        },
        { timeout: STALL_MS, interval: POLL_MS },
      );
    const watch = async (until: (job: BulkJob) => boolean) => {
      let moved = { done: -1, at: performance.now() };
      for (;;) {
        const seen = await job();
        if (until(seen) || seen.status !== 'running') return seen;
        if (seen.done !== moved.done) moved = { done: seen.done, at: performance.now() };
        expect(performance.now() - moved.at, `progress of the job since ${seen.done}/${seen.total} were done`).toBeLessThan(STALL_MS);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    };
    const firstDay = new Date().toISOString().slice(0, 10);
    const accepted = await session.request('PUT', '/api/v2/tests/bulk-update/', {
      project: seeded.project,
      result: { status: PASSED, comment: `Through a kill of ${role}` },
    });
    expect(accepted.status).toBe(200);

    // The kill follows the log itself, once it grows past the job's request: the read models that `done` is read from may lag seconds
    // behind on a busy machine, where a job they showed one chunk into was all but applied. It lands just after the first chunk's
    // append, mostly before its progress is recorded: the resumed job sends that chunk again, and its mark must keep it from counting
    // twice. (The embedded server's kill test, bulk-job-crash.test.ts, kills at random points further on.)
    const requested = (await positions()).head;
    await expect
      .poll(async () => (await positions()).head, { timeout: STALL_MS, interval: POLL_MS, message: "the log grew past the job's request" })
      .toBeGreaterThan(requested);
    await killed.stop('SIGKILL');
    if (role === 'jobs') {
      // Nobody else applies the chunks: once the chunks answered before the kill are recorded and read, the job stands still until a
      // jobs worker is back.
      const settled = await settledProgress();
      await new Promise((resolve) => setTimeout(resolve, STANDING_MS));
      expect((await job()).done, 'progress with no jobs worker running').toBe(settled);
    }
    expect((await job()).done, 'the job ended before the kill: make it longer').toBeLessThan(TESTS);
    await deployment.start(role);

    const ended = await watch(() => false);
    expect(ended).toMatchObject({ status: 'finished', total: TESTS, done: TESTS, failed_item: null });
    expect((await get<{ count: number }>(`/api/v2/tests/?project=${seeded.project}&page_size=1&last_status=${PASSED}`)).count).toBe(TESTS);
    expect(await resultsSince(get, seeded.project, firstDay)).toBe(TESTS);
  }, 300_000);
});
