import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../exit-codes.ts';
import { CLI_TEST_TIMEOUT_MS, type CliWorld, projectWithCases, runCliOnTerminal, startCliWorld } from '../testing/cli-e2e.ts';

let world: CliWorld;
let project: number;
let tests: number[];
beforeAll(async () => {
  world = await startCliWorld();
  const made = await projectWithCases(world, 'Bulk', 3);
  project = made.project;
  const [plan] = await world.api<Array<{ id: number }>>('POST', '/api/v2/testplans/', {
    project,
    name: 'Regression',
    started_at: '2030-01-05T09:00:00Z',
    due_date: '2030-01-12T09:00:00Z',
    test_cases: made.cases,
  });
  tests = (await world.api<{ results: Array<{ id: number }> }>('GET', `/api/v2/testplans/${plan!.id}/tests/`)).results.map(
    (test) => test.id,
  );
  await world.login();
});
afterAll(() => world?.close());

/** A bulk job of the admin's that adds a Passed result to the tests, started in the background; answers its id. */
async function bulkResultJob(): Promise<number> {
  await world.api('PUT', '/api/v2/tests/bulk-update/', { project, included_tests: tests, is_async: true, result: { status: 2 } });
  const jobs = await world.api<{ results: Array<{ id: number }> }>('GET', '/api/v2/bulk-jobs/');
  return jobs.results[0]!.id;
}

describe('testament jobs watch', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('follows a bulk job to its end, with progress lines on stderr when not on a terminal, and says how it ended', async () => {
    const job = await bulkResultJob();
    const run = await world.cli(['jobs', 'watch', String(job), '--interval', '100']);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(run.stderr).toMatch(new RegExp(`job ${job}: 3/3 finished`));
    expect(run.stdout).toBe(`Job ${job} (result, project ${project}) finished: 3 of 3 done.\n`);

    const results = await world.api<Array<{ status: number }>>('GET', `/api/v2/results/?test=${tests[0]}`);
    expect(results.map((result) => result.status)).toContain(2);
  });

  it('draws a progress bar on a terminal', async () => {
    const job = await bulkResultJob();
    const { code, screen } = await runCliOnTerminal(['jobs', 'watch', String(job)], world.configHome);
    expect(code, screen).toBe(EXIT.ok);
    expect(screen).toMatch(new RegExp(`job ${job} █{30} 3/3 100% finished`));
    expect(screen).toContain(`Job ${job} (result, project ${project}) finished: 3 of 3 done.`);
  });

  it('answers only the ended job with --json', async () => {
    const job = await bulkResultJob();
    const run = await world.cli(['jobs', 'watch', String(job), '--json']);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toMatchObject({ id: job, project, operation: 'result', status: 'finished', total: 3, done: 3 });
  });

  it('says a job that is not the caller’s (or does not exist) is not found', async () => {
    const run = await world.cli(['jobs', 'watch', '999999']);
    expect(run.code).toBe(EXIT.error);
    expect(run.stderr).toContain('GET /api/v2/bulk-jobs/999999/ answered 404');
  });
});
