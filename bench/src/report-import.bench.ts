import type { ReportImportResponse } from '@testament/contracts';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { answered, thousands } from './bulk-job-run.ts';
import { connection, type Credentials } from './http-call.ts';
import { signIn } from './http-load.ts';
import { against, elapsedSeconds, log, round, type BenchResult } from './measure.ts';
import { startServerAtRest } from './rebuild-and-start.ts';
import { scaled } from './scale.ts';
import { residentMb } from './server-metrics.ts';
import { testStore } from './test-store.ts';

const RSS_EVERY_MS = 100;
const POLL_MS = 100;
const METHODS_PER_CLASS = 100;

/**
 * A JUnit report of `tests` test cases as a Surefire run leaves it: classes of 100 methods, one in ten failing with
 * a message and a stack trace, one in twenty skipped, one in fifty with output. Written line by line, never whole.
 */
async function writeJUnit(file: string, tests: number): Promise<number> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="nightly">\n');
  for (let index = 0; index < tests; index++) {
    const klass = `com.shop.module${Math.floor(index / (METHODS_PER_CLASS * 10))}.Feature${Math.floor(index / METHODS_PER_CLASS)}Test`;
    if (index % METHODS_PER_CLASS === 0) await write(`  <testsuite name="${klass}" tests="${METHODS_PER_CLASS}">\n`);
    const open = `    <testcase classname="${klass}" name="checks${index % METHODS_PER_CLASS}_case${index}" time="${(index % 7) * 0.3}"`;
    if (index % 10 === 3) {
      await write(
        `${open}>\n      <failure message="expected &lt;${index}&gt; but was &lt;0&gt;" type="org.opentest4j.AssertionFailedError">`,
      );
      await write(`org.opentest4j.AssertionFailedError: expected ${index}\n\tat ${klass}.checks(${klass}.java:${index % 300})\n`);
      await write('      </failure>\n    </testcase>\n');
    } else if (index % 20 === 7) await write(`${open}>\n      <skipped message="disabled"/>\n    </testcase>\n`);
    else if (index % 50 === 11) await write(`${open}>\n      <system-out>log line of ${index}</system-out>\n    </testcase>\n`);
    else await write(`${open}/>\n`);
    if (index % METHODS_PER_CLASS === METHODS_PER_CLASS - 1 || index === tests - 1) await write('  </testsuite>\n');
  }
  await write('</testsuites>\n');
  out.end();
  await once(out, 'finish');
  return (await stat(file)).size;
}

/** Uploads the report (streamed from disk) and follows its job to its end: the seconds from the POST and the job. */
async function importReport(baseUrl: string, credentials: Credentials, file: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', await openAsBlob(file, { type: 'application/xml' }), 'TEST-nightly.xml');
  const startedAt = performance.now();
  const answer = await fetch(new URL('/api/v2/import/junit/', baseUrl), {
    method: 'POST',
    body: form,
    headers: { cookie: credentials.cookie, 'x-csrftoken': credentials.csrf },
  });
  if (answer.status !== 200 && answer.status !== 202)
    throw new Error(`import answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
  let job = (await answer.json()) as ReportImportResponse;
  // The upload read, its tests staged, its suites and plan made: the job runs from here.
  const answeredSeconds = elapsedSeconds(startedAt);
  const agent = connection();
  try {
    while (job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const path = `/api/v2/bulk-jobs/${job.id}/`;
      job = {
        ...(JSON.parse(
          await answered(agent, baseUrl, { kind: 'job', method: 'GET', path, expect: 200 }, credentials),
        ) as ReportImportResponse),
        already_imported: job.already_imported,
      };
    }
  } finally {
    agent.destroy();
  }
  if (job.status === 'failed') throw new Error(`import job ${job.id} failed: ${job.reason}`);
  return { seconds: elapsedSeconds(startedAt), answeredSeconds, job };
}

/**
 * A CI run's JUnit report of 100,000 test cases imported into a new plan through the real server: from the POST
 * until the job ended, the server's peak RSS meanwhile, then the same run again (its run key: nothing changes);
 * beside what a script without the import does, one API call per case, test and result (a sample, extrapolated).
 */
export async function reportImportBenchmarks(): Promise<BenchResult[]> {
  const tests = scaled(100_000, 500);
  const folder = await mkdtemp(join(tmpdir(), 'testament-bench-junit-'));
  const store = await testStore(scaled(10, 2), scaled(10, 2), 0);
  const { server } = await startServerAtRest(
    'report import',
    { TESTAMENT_DATA_DIR: store.dataDir, TESTAMENT_WRITE_RATE_LIMIT: '0', TESTAMENT_MAX_UPLOAD_MB: '500' },
    900_000,
  );
  try {
    const file = join(folder, 'TEST-nightly.xml');
    const bytes = await writeJUnit(file, tests);
    const of = `${thousands(tests)} test cases (${round(bytes / 2 ** 20, 1)} MB)`;
    const lead = await signIn(server.url, store.lead);
    const pid = server.child.pid!;
    const rssBefore = residentMb(pid);
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), RSS_EVERY_MS);
    const fields = { project: String(store.projectId), plan_name: 'Nightly {run_key}', run_key: 'bench-1', is_async: 'true' };
    const first = await importReport(server.url, lead, file, fields).finally(() => clearInterval(sampler));
    const summary = first.job.summary!;
    log(
      `import of ${of}: ${round(first.seconds, 1)} s (answered after ${round(first.answeredSeconds, 1)} s); ` +
        `${JSON.stringify({ ...summary, skipped_tests: summary.skipped_tests.length })}; ` +
        `RSS ${round(rssBefore, 0)} → peak ${round(peak, 0)} MB`,
    );
    const again = await importReport(server.url, lead, file, fields);
    if (!again.job.already_imported) throw new Error('the same run key imported again');
    log(`the same run again: ${round(again.seconds, 2)} s (already imported)`);

    // Without the import: a case, a test in the plan and a result per test case, one call after another.
    const sample = scaled(300, 20);
    const plan = summary.plan;
    const suite = JSON.parse(
      await answered(
        connection(),
        server.url,
        { kind: 'suite', method: 'POST', path: '/api/v2/suites/', body: { project: store.projectId, name: 'Naive import' }, expect: 201 },
        lead,
      ),
    ) as { id: number };
    const agent = connection();
    const startedAt = performance.now();
    for (let index = 0; index < sample; index++) {
      const created = JSON.parse(
        await answered(
          agent,
          server.url,
          {
            kind: 'case',
            method: 'POST',
            path: '/api/v2/cases/',
            body: { project: store.projectId, suite: suite.id, name: `naive ${index}`, scenario: 'Automated' },
            expect: 201,
          },
          lead,
        ),
      ) as { id: number };
      const test = JSON.parse(
        await answered(
          agent,
          server.url,
          { kind: 'test', method: 'POST', path: '/api/v2/tests/', body: { project: store.projectId, plan, case: created.id }, expect: 201 },
          lead,
        ),
      ) as { id: number };
      const result = { kind: 'result', method: 'POST', path: '/api/v2/results/', body: { test: test.id, status: 2 }, expect: 201 } as const;
      await answered(agent, server.url, result, lead);
    }
    agent.destroy();
    const naiveSeconds = (elapsedSeconds(startedAt) / sample) * tests;
    log(`naive import: ${round(naiveSeconds, 0)} s extrapolated from ${sample} test cases, three calls each`);
    const before = { name: 'server RSS before the import', value: round(rssBefore, 0), unit: 'MB' };
    return [
      against(
        {
          name: `JUnit import of ${of} into a new plan: POST → job finished`,
          value: round(first.seconds, 1),
          unit: 's',
          target: { op: '<=', value: 60 },
          detail: {
            testsPerSecond: Math.round(tests / first.seconds),
            answeredSeconds: round(first.answeredSeconds, 1),
            casesCreated: summary.cases_created,
            results: summary.results.length,
          },
        },
        {
          name: `the same as one call per case, test and result (${sample} measured, extrapolated)`,
          value: round(naiveSeconds, 0),
          unit: 's',
        },
      ),
      against({ name: 'server RSS peak during the import', value: round(peak, 0), unit: 'MB' }, before),
      {
        name: `the same run again (its run key): POST → answered "already imported"`,
        value: round(again.seconds, 2),
        unit: 's',
        target: { op: '<=', value: 10 },
      },
    ];
  } finally {
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
}
