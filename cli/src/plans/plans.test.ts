import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../exit-codes.ts';
import { CLI_TEST_TIMEOUT_MS, type CliWorld, projectWithCases, startCliWorld } from '../testing/cli-e2e.ts';

let world: CliWorld;
let project: number;
let cases: number[];
beforeAll(async () => {
  world = await startCliWorld();
  ({ project, cases } = await projectWithCases(world, 'Shop', 3));
  await world.login();
});
afterAll(() => world?.close());

interface PlanCreated {
  id: number;
  name: string;
  project: number;
  parent: { id: number } | null;
  started_at: string;
  due_date: string;
}

describe('testament plans', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('creates a plan with a test per case, in a project named by its name, and answers it as JSON', async () => {
    const run = await world.cli([
      'plans',
      'create',
      '--project',
      'shop',
      '--name',
      'Release 2.4',
      '--case',
      String(cases[0]),
      '--case',
      `${cases[1]},${cases[2]}`,
      '--due',
      '2031-01-31',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    const [plan] = JSON.parse(run.stdout) as PlanCreated[];
    expect(plan).toMatchObject({ name: 'Release 2.4', project, parent: null, due_date: '2031-01-31T00:00:00.000Z' });

    const tests = await world.api<{ results: Array<{ case: number }> }>('GET', `/api/v2/testplans/${plan!.id}/tests/`);
    expect(tests.results.map((test) => test.case).sort()).toEqual([...cases].sort());
  });

  it('creates a child plan, says where it is, and lists the plans as a table and as JSON', async () => {
    const parent = await world.cli(['plans', 'create', '--project', String(project), '--name', 'Sprint 7', '--json']);
    const parentId = (JSON.parse(parent.stdout) as PlanCreated[])[0]!.id;
    const child = await world.cli(['plans', 'create', '--project', String(project), '--name', 'Smoke', '--parent', String(parentId)]);
    expect(child.code, child.stderr).toBe(EXIT.ok);
    expect(child.stdout).toMatch(new RegExp(`^Created plan \\d+ "Smoke": ${world.url}/projects/${project}/plans/\\d+\\n$`));

    const listed = await world.cli(['plans', 'list', '--project', String(project), '--json']);
    expect(listed.code, listed.stderr).toBe(EXIT.ok);
    const plans = JSON.parse(listed.stdout) as PlanCreated[];
    expect(plans.map((plan) => plan.name)).toEqual(expect.arrayContaining(['Release 2.4', 'Sprint 7', 'Smoke']));
    expect(plans.find((plan) => plan.name === 'Smoke')?.parent?.id).toBe(parentId);

    const children = await world.cli(['plans', 'list', '--project', String(project), '--parent', String(parentId), '--json']);
    expect((JSON.parse(children.stdout) as PlanCreated[]).map((plan) => plan.name)).toEqual(['Smoke']);

    const table = await world.cli(['plans', 'list', '--project', 'Shop']);
    expect(table.code, table.stderr).toBe(EXIT.ok);
    const [header, ...rows] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+PARENT\s+STARTED\s+DUE\s+NAME$/);
    expect(rows.find((row) => row.endsWith('Smoke'))).toMatch(new RegExp(`^\\d+\\s+${parentId}\\s+\\d{4}-\\d{2}-\\d{2}\\s+`));
  });

  it("prints the server's field errors readably and exits with 1", async () => {
    const run = await world.cli(['plans', 'create', '--project', String(project), '--name', 'Orphan', '--parent', '999999']);
    expect(run.code).toBe(EXIT.error);
    expect(run.stderr).toContain('POST /api/v2/testplans/ answered 400');
    expect(run.stderr).toContain('  parent: Invalid pk "999999" - object does not exist.');
    expect(run.stdout).toBe('');
  });

  it('refuses a wrong use before asking the server: a missing option, an id that is not one, an unknown project name', async () => {
    const missing = await world.cli(['plans', 'create', '--project', String(project)]);
    expect(missing.code).toBe(EXIT.error);
    expect(missing.stderr).toContain("required option '--name <name>' not specified");

    const notAnId = await world.cli(['plans', 'create', '--project', String(project), '--name', 'X', '--parent', 'abc']);
    expect(notAnId.code).toBe(EXIT.error);
    expect(notAnId.stderr).toContain('Not an id (a positive whole number).');

    const unknown = await world.cli(['plans', 'list', '--project', 'No such project']);
    expect(unknown.code).toBe(EXIT.error);
    expect(unknown.stderr).toContain('no project named "No such project"');
  });
});
