import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../exit-codes.ts';
import { CLI_TEST_TIMEOUT_MS, type CliWorld, startCliWorld } from '../testing/cli-e2e.ts';

/** Two passed tests, a failure and a skipped test, as Surefire writes them. */
const JUNIT = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="checkout">
  <testsuite name="com.shop.CartTest" tests="4">
    <testcase classname="com.shop.CartTest" name="addsItem" time="0.42"/>
    <testcase classname="com.shop.CartTest" name="removesItem" time="1.6">
      <failure message="expected 1 but was 2" type="org.opentest4j.AssertionFailedError">at CartTest.removesItem(CartTest.java:31)</failure>
    </testcase>
    <testcase classname="com.shop.CartTest" name="emptiesCart" time="0.2"/>
    <testcase classname="com.shop.CartTest" name="sharesCart"><skipped message="not yet"/></testcase>
  </testsuite>
</testsuites>`;

/** The same tests, all passing. */
const JUNIT_GREEN = JUNIT.replace(/<failure[\s\S]*?<\/failure>/, '').replace('<skipped message="not yet"/>', '');

let world: CliWorld;
let project: number;
let files: string;
beforeAll(async () => {
  world = await startCliWorld();
  project = (await world.api<{ id: number }>('POST', '/api/v2/projects/', { name: 'Storefront' })).id;
  await world.login();
  files = await mkdtemp(join(tmpdir(), 'testament-cli-reports-'));
  await mkdir(join(files, 'surefire'));
  await writeFile(join(files, 'surefire', 'TEST-com.shop.CartTest.xml'), JUNIT);
  await writeFile(join(files, 'surefire', 'com.shop.CartTest.txt'), 'Tests run: 4, Failures: 1');
  await writeFile(join(files, 'green.xml'), JUNIT_GREEN);
});
afterAll(async () => {
  await world?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

interface ImportedJob {
  id: number;
  status: string;
  already_imported: boolean;
  summary: { plan: number; run_key: string | null; cases_created: number; outcomes: Record<string, number> };
}

/** `testament import junit PATH --project <the project> …options`. */
const importJunit = (path: string, ...options: string[]) => world.cli(['import', 'junit', path, '--project', String(project), ...options]);

describe('testament import junit', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  let firstPlan: number;

  it("imports a directory's reports into a plan named from the run key, and prints what it made", async () => {
    const run = await world.cli([
      'import',
      'junit',
      join(files, 'surefire'),
      '--project',
      'Storefront',
      '--plan-name',
      'CI {run_key}',
      '--run-key',
      'build-1',
    ]);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(run.stderr).toContain('Sending 1 file as run "build-1" (from --run-key)');
    expect(run.stdout).toMatch(/^Job \d+ \(report, project \d+\) finished: 4 of 4 done\.$/m);
    expect(run.stdout).toMatch(new RegExp(`^Plan (\\d+), run build-1: ${world.url}/projects/${project}/plans/\\1$`, 'm'));
    expect(run.stdout).toContain('  cases created: 4, tests created: 4');
    expect(run.stdout).toContain('  outcomes: 2 passed, 1 failed, 0 error, 1 skipped');
    expect(run.stdout).toContain('  results by status: Failed 1, Passed 2, Skipped 1');
    firstPlan = Number(/^Plan (\d+)/m.exec(run.stdout)![1]);
    const plan = await world.api<{ name: string }>('GET', `/api/v2/testplans/${firstPlan}/`);
    expect(plan.name).toBe('CI build-1');
  });

  it('says so when the same run key comes again, and changes nothing', async () => {
    const run = await importJunit(join(files, 'surefire'), '--plan-name', 'CI {run_key}', '--run-key', 'build-1');
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(run.stdout).toMatch(/^Run "build-1" was imported before, by job \d+: nothing was changed\./);

    const json = await importJunit(
      join(files, 'surefire', 'TEST-com.shop.CartTest.xml'),
      '--plan',
      String(firstPlan),
      '--run-key',
      'build-1',
      '--json',
    );
    expect(json.code, json.stderr).toBe(EXIT.ok);
    expect(JSON.parse(json.stdout)).toMatchObject({ already_imported: true, summary: { plan: firstPlan, run_key: 'build-1' } });
  });

  it('exits with 3 under --fail-on-failures when the run has failures, and with 0 for a green run', async () => {
    const red = await importJunit(join(files, 'surefire'), '--plan', String(firstPlan), '--run-key', 'build-2', '--fail-on-failures');
    expect(red.code, red.stderr).toBe(EXIT.failures);
    expect(red.stderr).toContain('The run has 1 failed or error test.');
    expect(red.stdout).toContain('  cases created: 0, tests created: 0');

    const green = await importJunit(join(files, 'green.xml'), '--plan', String(firstPlan), '--run-key', 'build-3', '--fail-on-failures');
    expect(green.code, green.stderr).toBe(EXIT.ok);
    expect(green.stdout).toContain('  outcomes: 4 passed, 0 failed, 0 error, 0 skipped');
  });

  it('takes the run key from the CI (GitHub Actions here) and follows a background import with --async --json', async () => {
    const ci = { GITHUB_RUN_ID: '9001', GITHUB_RUN_ATTEMPT: '2', GITHUB_JOB: 'tests' };
    const args = [
      'import',
      'junit',
      join(files, 'green.xml'),
      '--project',
      String(project),
      '--plan-name',
      'Nightly {run_key}',
      '--async',
      '--json',
    ];
    const run = await world.cli(args, { env: ci });
    expect(run.code, run.stderr).toBe(EXIT.ok);
    const job = JSON.parse(run.stdout) as ImportedJob;
    expect(job).toMatchObject({ status: 'finished', already_imported: false, summary: { run_key: 'github-9001-2-tests' } });
    expect(job.summary.plan).not.toBe(firstPlan);

    const again = await world.cli(args, { env: ci });
    expect(JSON.parse(again.stdout)).toMatchObject({ id: job.id, already_imported: true });
  });

  it('refuses a wrong use before sending anything: no plan, a path that is not there, a directory without reports', async () => {
    const noPlan = await importJunit(join(files, 'green.xml'));
    expect(noPlan.code).toBe(EXIT.error);
    expect(noPlan.stderr).toContain('give the plan: --plan <id> or --plan-name <name>');

    const missing = await importJunit(join(files, 'nothing.xml'), '--plan', '1');
    expect(missing.code).toBe(EXIT.error);
    expect(missing.stderr).toContain('nothing.xml: no such file or directory');

    const empty = join(files, 'empty');
    await mkdir(empty);
    const none = await importJunit(empty, '--plan', '1');
    expect(none.code).toBe(EXIT.error);
    expect(none.stderr).toContain('holds no XML reports');

    const both = await importJunit(join(files, 'green.xml'), '--plan', '1', '--plan-name', 'X');
    expect(both.code).toBe(EXIT.error);
    expect(both.stderr).toContain("option '--plan <id>' cannot be used with option '--plan-name <name>'");
  });
});

describe('testament import allure', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("sends every file of an allure-results directory and prints the import's summary", async () => {
    const results = join(files, 'allure-results');
    await mkdir(results);
    const result = (name: string, status: string) => ({
      uuid: `${name}-uuid`,
      name,
      fullName: `com.shop.SearchTest.${name}`,
      status,
      stage: 'finished',
      start: 1_000,
      stop: 1_400,
      labels: [{ name: 'suite', value: 'Search' }],
    });
    await writeFile(join(results, 'a-result.json'), JSON.stringify(result('findsShoes', 'passed')));
    await writeFile(join(results, 'b-result.json'), JSON.stringify(result('findsHats', 'failed')));
    const run = await world.cli([
      'import',
      'allure',
      results,
      '--project',
      String(project),
      '--plan-name',
      'Allure {date}',
      '--run-key',
      'allure-1',
      '--fail-on-failures',
    ]);
    expect(run.stderr).toContain('Sending 2 files as run "allure-1"');
    expect(run.code, run.stderr).toBe(EXIT.failures);
    expect(run.stdout).toContain('  outcomes: 1 passed, 1 failed, 0 error, 0 skipped');
  });
});
