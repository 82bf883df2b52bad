import { answered, naively, progressDetail, requestUntil, runJob, thousands, type JobRun } from './bulk-job-run.ts';
import { connection, type Credentials, type HttpCall } from './http-call.ts';
import { HTTP_CLIENTS, signIn } from './http-load.ts';
import { against, log, round, summarize, type BenchResult } from './measure.ts';
import { startServerAtRest } from './rebuild-and-start.ts';
import { scaled } from './scale.ts';
import { residentMb } from './server-metrics.ts';
import { testStore } from './test-store.ts';
import { timeGets } from './view-timing.ts';

const RSS_EVERY_MS = 100;
const TESTS_BULK = '/api/v2/tests/bulk-update/';
const PASSED = 2;

/** The server's RSS, sampled until stopped; the highest seen. */
function peakRss(pid: number) {
  let peak = residentMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, residentMb(pid))), RSS_EVERY_MS);
  return () => {
    clearInterval(timer);
    return Math.max(peak, residentMb(pid));
  };
}

/** The ids of the first `count` tests by id, a page of the largest size at a time. */
async function testIds(baseUrl: string, credentials: Credentials, projectId: number, count: number): Promise<number[]> {
  const agent = connection();
  const ids: number[] = [];
  for (let page = 1; ids.length < count; page++) {
    const path = `/api/v2/tests/?project=${projectId}&ordering=id&page=${page}&page_size=1000`;
    ids.push(
      ...(
        JSON.parse(await answered(agent, baseUrl, { kind: 'ids', method: 'GET', path, expect: 200 }, credentials)) as {
          results: Array<{ id: number }>;
        }
      ).results.map((test) => test.id),
    );
  }
  agent.destroy();
  return ids.slice(0, count);
}

/**
 * Bulk jobs (§4.11) on 100,000 tests in 1,000 plans, through the real server
 * process, each timed from the PUT to the job finished as GET bulk-jobs/ shows
 * it: a result on every test (while a user keeps paging the tests list), a move
 * of every test to another plan, an assignment of every test; the server's
 * RSS around them; beside the same changes made one API call per test.
 */
export async function bulkJobBenchmarks(): Promise<BenchResult[]> {
  const store = await testStore(scaled(1_000, 40), scaled(100, 25), 0);
  const tests = store.tests;
  const of = `${thousands(tests)} tests`;
  const { server } = await startServerAtRest(
    `bulk jobs on ${of}`,
    { TESTAMENT_DATA_DIR: store.dataDir, TESTAMENT_WRITE_RATE_LIMIT: '0' },
    900_000,
  );
  try {
    const pid = server.child.pid!;
    const lead = await signIn(server.url, store.lead);
    const reader = await signIn(server.url, store.lead);
    const agent = connection();
    const leadId = (
      JSON.parse(await answered(agent, server.url, { kind: 'me', method: 'GET', path: '/api/v2/users/me/', expect: 200 }, lead)) as {
        id: number;
      }
    ).id;
    const planBody = { project: store.projectId, name: 'Moved here', started_at: '2026-01-05T09:00:00Z', due_date: '2026-03-05T09:00:00Z' };
    const [target] = JSON.parse(
      await answered(agent, server.url, { kind: 'plan', method: 'POST', path: '/api/v2/testplans/', body: planBody, expect: 201 }, lead),
    ) as Array<{ id: number }>;
    agent.destroy();

    // What the web app asks for the project's tests, first with the server idle.
    const listPath = `/api/v2/tests/?project=${store.projectId}&page=1&page_size=25`;
    await timeGets(
      server.url,
      reader,
      Array.from({ length: 10 }, () => listPath),
    ); // warm-up
    const idleList = summarize(
      await timeGets(
        server.url,
        reader,
        Array.from({ length: scaled(300, 30) }, () => listPath),
      ),
    );
    const rssBefore = residentMb(pid);
    const stopRss = peakRss(pid);

    const stopListing = { now: false };
    const listing = requestUntil(server.url, reader, listPath, stopListing);
    const result = await runJob(server.url, lead, TESTS_BULK, {
      project: store.projectId,
      result: { status: PASSED, comment: 'Bulk' },
    }).finally(() => (stopListing.now = true));
    const duringJob = summarize(await listing);
    log(
      `bulk result on ${of}: ${round(result.seconds, 1)} s; ` +
        `tests list p50 ${duringJob.p50} ms, p99 ${duringJob.p99} ms (${duringJob.count} requests); ` +
        `progress ${JSON.stringify(result.progress.map((s) => [round(s.second, 1), s.done]))}`,
    );
    const move = await runJob(server.url, lead, TESTS_BULK, { project: store.projectId, plan_id: target!.id });
    log(`bulk move of ${of}: ${round(move.seconds, 1)} s`);
    const assign = await runJob(server.url, lead, TESTS_BULK, { project: store.projectId, assignee_id: leadId });
    log(`bulk assign of ${of}: ${round(assign.seconds, 1)} s`);
    const rssPeak = stopRss();
    const rssAfter = residentMb(pid);

    // One call per test on a sample, extrapolated: one client after another as a script would, and HTTP_CLIENTS at once.
    const sample = await testIds(server.url, lead, store.projectId, scaled(2_000, 50));
    const perTest: Record<'result' | 'move' | 'assign', { call: string; make: (id: number) => HttpCall }> = {
      result: {
        call: 'POST results/',
        make: (id) => ({ kind: 'result', method: 'POST', path: '/api/v2/results/', body: { test: id, status: PASSED }, expect: 201 }),
      },
      move: {
        call: 'PATCH tests/{id}/ plan',
        make: (id) => ({ kind: 'move', method: 'PATCH', path: `/api/v2/tests/${id}/`, body: { plan: store.planIds[0] }, expect: 200 }),
      },
      assign: {
        call: 'PATCH tests/{id}/ assignee',
        make: (id) => ({
          kind: 'assign',
          method: 'PATCH',
          path: `/api/v2/tests/${id}/`,
          body: { assignee: store.testerIds[0] },
          expect: 200,
        }),
      },
    };
    // Half the sample one by one, the other half concurrently, so each call is a real change.
    const [oneByOne, concurrently] = [sample.slice(0, sample.length / 2), sample.slice(sample.length / 2)];
    const naive = {} as Record<keyof typeof perTest, { oneClient: number; clients: number }>;
    for (const kind of ['result', 'move', 'assign'] as const) {
      const { make } = perTest[kind];
      naive[kind] = {
        oneClient: await naively(server.url, lead, oneByOne.map(make), 1, tests),
        clients: await naively(server.url, lead, concurrently.map(make), HTTP_CLIENTS, tests),
      };
      log(
        `naive ${kind}: ${thousands(Math.round(naive[kind].oneClient))} s one by one, ` +
          `${thousands(Math.round(naive[kind].clients))} s from ${HTTP_CLIENTS} clients (extrapolated to ${of})`,
      );
    }
    const jobRow = (kind: keyof typeof perTest, label: string, run: JobRun, target?: number): BenchResult =>
      against(
        {
          name: `bulk ${label} of ${of}: PUT → finished in GET bulk-jobs/`,
          value: round(run.seconds, 2),
          unit: 's',
          ...(target === undefined ? {} : { target: { op: '<=' as const, value: target } }),
          detail: {
            testsPerSecond: Math.round(run.job.done / run.seconds),
            [`naiveWith${HTTP_CLIENTS}ClientsSeconds`]: round(naive[kind].clients, 1),
            ...progressDetail(run),
          },
        },
        {
          name:
            `${thousands(tests)} × ${perTest[kind].call}, one call after ` +
            `another (${thousands(oneByOne.length)} measured, extrapolated)`,
          value: round(naive[kind].oneClient, 1),
          unit: 's',
        },
      );
    const listRow = (p: 'p50' | 'p99'): BenchResult =>
      against(
        {
          name: `tests list page of 25 during the bulk result: ${p}`,
          value: duringJob[p],
          unit: 'ms',
          detail: { requests: duringJob.count },
        },
        { name: `the same page, server idle: ${p}`, value: idleList[p], unit: 'ms' },
      );
    const before = { name: 'server RSS before the jobs', value: round(rssBefore, 0), unit: 'MB' };
    return [
      jobRow('result', 'result', result, 20),
      listRow('p50'),
      listRow('p99'),
      jobRow('move', 'move to another plan', move),
      jobRow('assign', 'assign', assign),
      before,
      against({ name: 'server RSS peak during the three jobs', value: round(rssPeak, 0), unit: 'MB' }, before),
      against({ name: 'server RSS after the three jobs', value: round(rssAfter, 0), unit: 'MB' }, before),
    ];
  } finally {
    await server.stop();
  }
}
