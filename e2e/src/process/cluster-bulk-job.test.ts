import type { BulkJob } from '@testament/contracts';
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '@testament/gateway/testing/harness';
import { HttpSession } from '@testament/gateway/testing/http-session';
import { startRoleProcess, type ServerProcess } from '@testament/gateway/testing/server-process';
import { startNatsServer, type RunningNatsServer } from '@testament/infra';
import { resultsSince, seedProject } from './seeded-project.ts';

const PLANS = 20;
const CASES = 1_000;
const TESTS = PLANS * CASES;
/** The system status Passed. */
const PASSED = 2;
const POLL_MS = 50;
/** A job that shows no progress for this long was not resumed: fail now rather than at the timeout. */
const STALL_MS = 30_000;

let nats: RunningNatsServer | undefined;
let dataDir: string | undefined;
const processes: ServerProcess[] = [];
afterAll(async () => {
  for (const child of processes) await child.stop('SIGKILL');
  await nats?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a bulk job when the command service is killed (TESTAMENT_ROLE=commands)', () => {
  it('carries on from where it stood once the service is back, adding exactly one result to every test', async () => {
    const seeded = await seedProject(PLANS, CASES);
    dataDir = seeded.dataDir;
    nats = await startNatsServer();
    const start = async (role: string, ready: RegExp) => {
      const child = await startRoleProcess(
        {
          TESTAMENT_ROLE: role,
          TESTAMENT_BUS: 'nats',
          NATS_URL: nats!.url,
          TESTAMENT_DATA_DIR: seeded.dataDir,
          TESTAMENT_WRITE_RATE_LIMIT: '0',
        },
        ready,
        120_000,
      );
      processes.push(child);
      return child;
    };
    let commands = await start('commands', /commands: serving on NATS/);
    await start('projections', /projections: active/);
    const gateway = await start('gateway', /listening on (http:\/\/\S+)/);

    const session = new HttpSession(gateway.url);
    await session.login('admin', ADMIN_PASSWORD);
    const get = async <T>(path: string): Promise<T> => {
      const response = await session.request('GET', path);
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    };
    const job = async () => (await get<{ results: BulkJob[] }>('/api/v2/bulk-jobs/')).results[0]!;
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
      result: { status: PASSED, comment: 'Through a command service kill' },
    });
    expect(accepted.status).toBe(200);

    const interrupted = await watch((seen) => seen.done > 0);
    expect(interrupted.status, 'the job ended before the kill: make it longer').toBe('running');
    await commands.stop('SIGKILL');
    const stoodAt = (await job()).done;
    expect(stoodAt).toBeLessThan(TESTS);
    commands = await start('commands', /commands: serving on NATS/);

    const ended = await watch(() => false);
    expect(ended).toMatchObject({ status: 'finished', total: TESTS, done: TESTS, failed_item: null });
    expect((await get<{ count: number }>(`/api/v2/tests/?project=${seeded.project}&page_size=1&last_status=${PASSED}`)).count).toBe(TESTS);
    expect(await resultsSince(get, seeded.project, firstDay)).toBe(TESTS);
  }, 300_000);
});
