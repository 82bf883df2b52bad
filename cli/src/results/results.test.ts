import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../exit-codes.ts';
import { CLI_TEST_TIMEOUT_MS, type CliWorld, projectWithCases, startCliWorld } from '../testing/cli-e2e.ts';

let world: CliWorld;
let tests: number[];
beforeAll(async () => {
  world = await startCliWorld();
  const { project, cases } = await projectWithCases(world, 'Payments', 2);
  const [plan] = await world.api<Array<{ id: number }>>('POST', '/api/v2/testplans/', {
    project,
    name: 'Release 1',
    started_at: '2030-01-05T09:00:00Z',
    due_date: '2030-01-12T09:00:00Z',
    test_cases: cases,
  });
  tests = (await world.api<{ results: Array<{ id: number }> }>('GET', `/api/v2/testplans/${plan!.id}/tests/`)).results.map(
    (test) => test.id,
  );
  await world.login();
});
afterAll(() => world?.close());

interface ResultAnswer {
  id: number;
  test: number;
  status: number;
  status_text: string;
  comment: string;
  execution_time: number | null;
}

describe('testament results add', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('records a result with a status named in any case, a comment and a time, which the test then shows', async () => {
    const run = await world.cli([
      'results',
      'add',
      '--test',
      String(tests[0]),
      '--status',
      'failed',
      '--comment',
      'Times out',
      '--time',
      '12.6',
    ]);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(run.stdout).toMatch(new RegExp(`^Recorded result \\d+ on test ${tests[0]}: Failed\\.\\n$`));

    const [result] = await world.api<ResultAnswer[]>('GET', `/api/v2/results/?test=${tests[0]}`);
    expect(result).toMatchObject({ status: 1, status_text: 'Failed', comment: 'Times out', execution_time: 13 });
    const test = await world.api<{ last_status_name: string }>('GET', `/api/v2/tests/${tests[0]}/`);
    expect(test.last_status_name).toBe('Failed');
  });

  it('records a status given by id and answers the result as JSON', async () => {
    const run = await world.cli(['results', 'add', '--test', String(tests[1]), '--status', '2', '--json']);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(JSON.parse(run.stdout)).toMatchObject({ test: tests[1], status: 2, status_text: 'Passed' });
  });

  it("names the project's statuses when the one asked for is not among them, and exits with 1", async () => {
    const run = await world.cli(['results', 'add', '--test', String(tests[1]), '--status', 'Wobbly']);
    expect(run.code).toBe(EXIT.error);
    expect(run.stderr).toMatch(/has no status named "Wobbly"; it has: .*Passed/);
  });

  it('says a test that does not exist is not found', async () => {
    const run = await world.cli(['results', 'add', '--test', '999999', '--status', '2']);
    expect(run.code).toBe(EXIT.error);
    expect(run.stderr).toContain('POST /api/v2/results/ answered 400');
    expect(run.stderr).toContain('test: Invalid pk "999999" - object does not exist.');
  });
});
