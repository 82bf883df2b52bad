import { SqliteEventStore, verifySqliteLog, verifyThroughPort, type RecordedEvent } from '@testament/infra';
import type { AuditEvent } from '@testament/contracts';
import { call, connection } from './http-call.ts';
import { signIn } from './http-load.ts';
import { against, round, summarize, type BenchResult } from './measure.ts';
import { eventsFile } from './project-store.ts';
import { startServerAtRest } from './rebuild-and-start.ts';
import { scaled } from './scale.ts';
import { residentMb } from './server-metrics.ts';
import { testStore } from './test-store.ts';
import { latencyRows, timeGets } from './view-timing.ts';

const PAGE = 100;
const VERSIONS = 1_000;
/** The small project verified beside the whole log: cases, each with a test in one plan and a result. */
const SMALL_PROJECT_CASES = 20;

type Send = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<{ status: number; body: string }>;

/** A small project made over HTTP in the big log: a suite of cases, a plan of their tests, a result each. Its id. */
async function smallProject(send: Send): Promise<number> {
  const answer = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const answered = await send(method, path, body);
    if (answered.status >= 300) throw new Error(`${method} ${path} answered ${answered.status}: ${answered.body.slice(0, 200)}`);
    return JSON.parse(answered.body);
  };
  const project = (await answer('POST', '/api/v2/projects/', { name: 'Small beside the big one' })).id as number;
  const suite = (await answer('POST', '/api/v2/suites/', { name: 'Smoke', project })).id as number;
  const cases: number[] = [];
  for (let n = 0; n < SMALL_PROJECT_CASES; n++)
    cases.push((await answer('POST', '/api/v2/cases/', { name: `Smoke ${n}`, project, suite, scenario: 'Check it' })).id);
  const [plan] = await answer('POST', '/api/v2/testplans/', {
    name: 'Smoke run',
    project,
    test_cases: cases,
    started_at: '2026-01-01T00:00:00Z',
    due_date: '2026-02-01T00:00:00Z',
  });
  const tests = (await answer('GET', `/api/v2/testplans/${plan.id}/tests/?page_size=${SMALL_PROJECT_CASES}`)).results as Array<{
    id: number;
  }>;
  for (const test of tests) await answer('POST', '/api/v2/results/', { test: test.id, status: 1 });
  return project;
}

/** The naive audit page: read the whole log and keep the project's events, newest first, then cut the page. */
async function naiveAuditPage(store: SqliteEventStore, projectStreams: ReadonlySet<string>, page: number): Promise<RecordedEvent[]> {
  const kept: RecordedEvent[] = [];
  for (let after = 0; ; ) {
    const events = await store.readAll(after, 5_000);
    if (events.length === 0) break;
    for (const event of events) if (projectStreams.has(event.stream)) kept.push(event);
    after = events[events.length - 1]!.position;
  }
  return kept.reverse().slice(page * PAGE, (page + 1) * PAGE);
}

/**
 * Issue 14 on the analytics store (100k tests, 1M results at full scale, made
 * through the command side): a page of the audit trail, the history of a case
 * with 1,000 versions, the NDJSON export and verification, and plan statistics
 * as of a past time, cold and warm.
 */
export async function auditBenchmarks(): Promise<BenchResult[]> {
  const store = await testStore(scaled(1_000, 40), scaled(100, 25), scaled(1_000_000, 5_000));
  const { server } = await startServerAtRest(
    `audit on ${store.events.toLocaleString('en')} events`,
    { TESTAMENT_DATA_DIR: store.dataDir, TESTAMENT_WRITE_RATE_LIMIT: '0' },
    900_000,
  );
  const results: BenchResult[] = [];
  try {
    const lead = await signIn(server.url, store.lead);
    const agent = connection();
    const get = async (path: string) => {
      const answer = await call(agent, server.url, { kind: 'get', method: 'GET', path, expect: 200 }, lead);
      if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      return answer;
    };
    const send = (method: 'PUT', path: string, body: unknown) =>
      call(agent, server.url, { kind: 'put', method, path, body, expect: 200 }, lead);

    // A case edited into 1,000 versions, through the API.
    const first = JSON.parse((await get(`/api/v2/cases/?project=${store.projectId}&page_size=1`)).body).results[0];
    const detail = JSON.parse((await get(`/api/v2/cases/${first.id}/`)).body);
    for (let version = 2; version <= VERSIONS; version++) {
      const edited = await send('PUT', `/api/v2/cases/${first.id}/`, {
        ...detail,
        name: `${detail.name} v${version}`,
        suite: typeof detail.suite === 'object' ? detail.suite.id : detail.suite,
        project: store.projectId,
      });
      if (edited.status !== 200) throw new Error(`case edit answered ${edited.status}: ${edited.body.slice(0, 200)}`);
    }

    const rss = residentMb(server.child.pid!);
    const total = JSON.parse((await get(`/api/v2/audit/events/?project=${store.projectId}&page_size=1`)).body).count as number;
    const pages = Math.floor(total / PAGE);
    const paths = Array.from(
      { length: scaled(200, 20) },
      (_, i) =>
        `/api/v2/audit/events/?project=${store.projectId}&page_size=${PAGE}&page=${1 + ((i * 7919) % Math.max(1, Math.min(pages, 100)))}`,
    );
    const filtered = Array.from(
      { length: scaled(100, 10) },
      (_, i) => `/api/v2/audit/events/?project=${store.projectId}&page_size=${PAGE}&action=result_added&page=${1 + (i % 10)}`,
    );
    const history = Array.from(
      { length: scaled(100, 10) },
      (_, i) => `/api/v2/audit/objects/case/${first.id}/?page_size=${VERSIONS}&page=1${i % 2 ? '' : ''}`,
    );
    await timeGets(server.url, lead, [...paths.slice(0, 5), ...history.slice(0, 2)]);
    const ours = {
      page: summarize(await timeGets(server.url, lead, paths)),
      filtered: summarize(await timeGets(server.url, lead, filtered)),
      history: summarize(await timeGets(server.url, lead, history)),
    };
    const historyRows = JSON.parse((await get(history[0]!)).body).results as AuditEvent[];

    // Naive: scan the log per question.
    const log_ = SqliteEventStore.open(eventsFile(store));
    const projectStreams = new Set<string>();
    for (let after = 0; ; ) {
      const events = await log_.readAll(after, 5_000);
      if (events.length === 0) break;
      for (const event of events)
        if ((event.data as { projectId?: number }).projectId === store.projectId || event.stream.endsWith(`project-${store.projectId}`))
          projectStreams.add(event.stream);
      after = events[events.length - 1]!.position;
    }
    const naiveSamples: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await naiveAuditPage(log_, projectStreams, i);
      naiveSamples.push(performance.now() - started);
    }
    const naive = summarize(naiveSamples);
    const naiveHistoryStarted = performance.now();
    const caseEvents = await log_.readStream(`case-${first.id}`);
    const naiveHistoryMs = performance.now() - naiveHistoryStarted;

    // Export: the whole project, streamed and counted as it comes (it is larger than a string can hold), twice: the
    // server's memory before and after each shows whether it stays flat, or grows with what was exported.
    const exportOnce = async () => {
      let lines = 0;
      let bytes = 0;
      let firstLine = '';
      const startedAt = performance.now();
      const exported = await call(
        agent,
        server.url,
        {
          kind: 'export',
          method: 'GET',
          path: `/api/v2/audit/export/?project=${store.projectId}`,
          expect: 200,
          timeoutMs: 600_000,
          onChunk: (chunk) => {
            if (bytes === 0) firstLine = chunk.toString().split('\n')[0]!;
            bytes += chunk.length;
            for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
          },
        },
        lead,
      );
      const seconds = (performance.now() - startedAt) / 1000;
      if (exported.status !== 200 || !('previous_hash' in JSON.parse(firstLine)))
        throw new Error(`export answered ${exported.status}: ${firstLine.slice(0, 200)}`);
      return { lines, bytes, seconds, rssAfter: residentMb(server.child.pid!) };
    };
    const rssBefore = residentMb(server.child.pid!);
    const exports = [await exportOnce(), await exportOnce()];
    const { lines: exportedLines, bytes: exportedBytes, seconds: exportSeconds } = exports[0]!;

    // Verification: through the API (the port, paged), and the file (the command line's path).
    const verifyStarted = performance.now();
    const verifyCall = await call(
      agent,
      server.url,
      { kind: 'verify', method: 'GET', path: `/api/v2/audit/verify/?project=${store.projectId}`, expect: 200, timeoutMs: 600_000 },
      lead,
    );
    const verified = JSON.parse(verifyCall.body) as { ok: boolean; events_checked: number };
    const verifySeconds = (performance.now() - verifyStarted) / 1000;
    const fileStarted = performance.now();
    const fileVerified = await verifySqliteLog(eventsFile(store));
    const fileSeconds = (performance.now() - fileStarted) / 1000;
    const portStarted = performance.now();
    await verifyThroughPort(log_);
    const portSeconds = (performance.now() - portStarted) / 1000;
    await log_.close();

    // One small project's trail beside the whole log's, in the same run: the project's streams only, against every event.
    const admin = await signIn(server.url, 'admin');
    const asAdmin: Send = (method, path, body) =>
      call(
        agent,
        server.url,
        { kind: 'small-project', method, path, ...(body === undefined ? {} : { body }), expect: method === 'GET' ? 200 : 201 },
        admin,
      );
    const small = await smallProject(asAdmin);
    const verifyOnce = async (path: string) => {
      const answered = await call(agent, server.url, { kind: 'verify', method: 'GET', path, expect: 200, timeoutMs: 600_000 }, admin);
      const verification = JSON.parse(answered.body) as { ok: boolean; events_checked: number };
      if (answered.status !== 200 || !verification.ok)
        throw new Error(`${path} answered ${answered.status}: ${answered.body.slice(0, 200)}`);
      return { ms: answered.ms, events: verification.events_checked };
    };
    const smallVerifies = [
      await verifyOnce(`/api/v2/audit/verify/?project=${small}`),
      await verifyOnce(`/api/v2/audit/verify/?project=${small}`),
      await verifyOnce(`/api/v2/audit/verify/?project=${small}`),
    ];
    const wholeVerify = await verifyOnce('/api/v2/audit/verify/');
    const smallVerify = summarize(smallVerifies.map((run) => run.ms));

    // As of the middle of the history: the first question folds the project's prefix, repeats are lookups.
    const middle = JSON.parse(
      (await get(`/api/v2/audit/events/?project=${store.projectId}&page_size=1&page=${Math.max(1, Math.floor(total / 2))}`)).body,
    ).results[0] as AuditEvent;
    // Five root plans' statistics, each a past of its own (a cold fold), then one of them again and again (kept).
    const asOfPath = (planId: number) => `/api/v2/testplans/${planId}/statistics/?as_of=${encodeURIComponent(middle.time)}`;
    const colds: number[] = [];
    for (const planId of store.rootPlanIds.slice(0, 5)) {
      const coldCall = await call(
        agent,
        server.url,
        { kind: 'as-of', method: 'GET', path: asOfPath(planId), expect: 200, timeoutMs: 900_000 },
        lead,
      );
      if (coldCall.status !== 200) throw new Error(`as of answered ${coldCall.status}: ${coldCall.body.slice(0, 200)}`);
      colds.push(coldCall.ms);
    }
    const cold = summarize(colds);
    const warm = summarize(
      await timeGets(
        server.url,
        lead,
        Array.from({ length: 20 }, () => asOfPath(store.rootPlanIds[0]!)),
      ),
    );
    agent.destroy();

    const of =
      `${total.toLocaleString('en')} project events (${store.tests.toLocaleString('en')} ` +
      `tests, ${store.results.toLocaleString('en')} results)`;
    results.push(
      ...latencyRows(`audit page of ${PAGE} rows over ${of}`, ours.page, naive, 50, { requests: ours.page.count, naiveRuns: naive.count }),
      {
        name: `audit page of ${PAGE} rows, results added only: p95`,
        value: ours.filtered.p95,
        unit: 'ms',
        target: { op: '<=', value: 50 },
        detail: { p50: ours.filtered.p50, p99: ours.filtered.p99 },
      },
      against(
        {
          name: `history of a case with ${historyRows.length} versions (one page of ${VERSIONS}): p95`,
          value: ours.history.p95,
          unit: 'ms',
          target: { op: '<=', value: 50 },
          detail: { p50: ours.history.p50 },
        },
        { name: `reading the case's ${caseEvents.length} events alone (no diffs)`, value: round(naiveHistoryMs, 1), unit: 'ms' },
      ),
      {
        name: `NDJSON export of the project (${exportedLines.toLocaleString('en')} events)`,
        value: Math.round(exportedLines / exportSeconds),
        unit: 'events/s',
        target: { op: '>=', value: 100_000 },
        detail: {
          seconds: round(exportSeconds, 2),
          secondExportSeconds: round(exports[1]!.seconds, 2),
          rssBeforeMb: round(rssBefore, 0),
          rssAfterFirstMb: round(exports[0]!.rssAfter, 0),
          rssAfterSecondMb: round(exports[1]!.rssAfter, 0),
          bytes: exportedBytes,
        },
      },
      {
        name:
          'verify the project through the API (reads and re-hashes the ' +
          `project's ${verified.events_checked.toLocaleString('en')} events; ok ${verified.ok})`,
        value: Math.round(verified.events_checked / verifySeconds),
        unit: 'events/s',
        target: { op: '>=', value: 200_000 },
      },
      against(
        {
          name:
            `verify a small project (${smallVerifies[0]!.events.toLocaleString('en')} ` +
            'events) in the same log through the API: median of 3',
          value: round(smallVerify.p50, 1),
          unit: 'ms',
          target: { op: '<=', value: 200 },
        },
        {
          name: `verifying the whole log (${wholeVerify.events.toLocaleString('en')} events) through the API`,
          value: round(wholeVerify.ms, 0),
          unit: 'ms',
        },
      ),
      against(
        {
          name: `npm run verify on the SQLite file (${fileVerified.eventsChecked.toLocaleString('en')} events)`,
          value: Math.round(fileVerified.eventsChecked / fileSeconds),
          unit: 'events/s',
          target: { op: '>=', value: 200_000 },
        },
        {
          name: 'the same through the port in the bench process (parse + canonical JSON)',
          value: Math.round(fileVerified.eventsChecked / portSeconds),
          unit: 'events/s',
        },
      ),
      {
        name:
          `plan statistics as of ${middle.time}, a root plan's subtree ` +
          `(${(store.tests / store.rootPlanIds.length).toLocaleString('en')} tests), cold, slowest of ${cold.count} plans`,
        value: round(cold.max, 0),
        unit: 'ms',
        target: { op: '<=', value: 2_000 },
        detail: { p50: round(cold.p50, 0) },
      },
      { name: 'plan statistics as of the same time: warm p95', value: warm.p95, unit: 'ms', target: { op: '<=', value: 50 } },
      { name: 'server RSS with the audit trail folded', value: round(rss, 0), unit: 'MB' },
    );
    return results;
  } finally {
    await server.stop();
  }
}
