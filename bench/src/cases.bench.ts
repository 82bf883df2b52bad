import { helloWorldBaseline } from './baseline-hello-world.ts';
import { answered, progressDetail, requestUntil, runJob, thousands } from './bulk-job-run.ts';
import { connection, type Credentials } from './http-call.ts';
import { jsonParseRate } from './baseline-json-parse.ts';
import { caseStore, type CaseStore } from './case-store.ts';
import { describeFailures, HTTP_CLIENTS, runLoad, signIn } from './http-load.ts';
import { against, elapsedSeconds, log, round, seededRandom, summarize, type BenchResult } from './measure.ts';
import { loadCaseDocuments, naiveCasePage, naiveTreeLevel, type NaiveCases } from './naive-cases.ts';
import { eventsFile } from './project-store.ts';
import { coldStartRows, coldStartServer, foldInChild, rebuildRows, restartRows, restartServer } from './rebuild-and-start.ts';
import { scaled } from './scale.ts';
import { latencyRows, timeGets, timeNaively } from './view-timing.ts';
import { residentMb } from './server-metrics.ts';

const TREE_PAGE = 99;
const LIST_PAGE = 10;

/** A tree level a user opens: a suite with child suites, as the tree view asks for it. */
const treeLevelPath = (store: CaseStore, parent: number) =>
  `/api/v2/suites/union/?project=${store.projectId}&parent=${parent}&page=1&page_size=${TREE_PAGE}`;

/** The cases table with a label filter, the newest estimate first, a random page; every third also within a suite's subtree. */
function caseQueries(store: CaseStore, count: number) {
  const random = seededRandom(5);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const labels = [pick(store.labelIds), pick(store.labelIds)];
    const notLabel = pick(store.labelIds);
    const suite = i % 3 === 0 ? pick(store.parentSuiteIds) : undefined;
    const page = 1 + Math.floor(random() * 20);
    const path =
      `/api/v2/cases/?project=${store.projectId}&labels=${labels.join(',')}&` +
      `not_labels=${notLabel}&labels_condition=or&` +
      `ordering=-estimate${suite ? `&suite=${suite}&show_descendants=true` : ''}&page=${page}&page_size=${LIST_PAGE}`;
    return { path, labels, notLabel, suite, page };
  });
}

interface CaseDetail {
  id: number;
  suite: { id: number };
  steps: Array<{ id: number; name: string; scenario: string; expected: string; sort_order: number }>;
  labels: Array<{ id: number; name: string }>;
  [field: string]: unknown;
}

/**
 * A script's way to add a label to every case: GET each case and PUT it back
 * with one label more, one case after another; the seconds `count` cases took,
 * extrapolated to `total`.
 */
async function relabelOneByOne(
  baseUrl: string,
  credentials: Credentials,
  projectId: number,
  count: number,
  total: number,
): Promise<number> {
  const agent = connection();
  const get = async (path: string) =>
    JSON.parse(await answered(agent, baseUrl, { kind: 'read', method: 'GET', path, expect: 200 }, credentials));
  const { results } = (await get(`/api/v2/cases/?project=${projectId}&ordering=id&page=1&page_size=${count}`)) as {
    results: Array<{ id: number }>;
  };
  const startedAt = performance.now();
  for (const { id } of results) {
    const { suite, steps, labels, name, description, setup, scenario, expected, teardown, estimate, is_steps, attributes } = (await get(
      `/api/v2/cases/${id}/`,
    )) as CaseDetail;
    const body = {
      project: projectId,
      suite: suite.id,
      name,
      description,
      setup,
      scenario,
      expected,
      teardown,
      estimate,
      is_steps,
      attributes,
      steps: steps.map((step) => ({
        id: step.id,
        name: step.name,
        scenario: step.scenario,
        expected: step.expected,
        sort_order: step.sort_order,
      })),
      labels: [...labels.map((label) => ({ id: label.id, name: label.name })), { name: 'one-by-one' }],
    };
    await answered(agent, baseUrl, { kind: 'update', method: 'PUT', path: `/api/v2/cases/${id}/`, body, expect: 200 }, credentials);
  }
  agent.destroy();
  return (elapsedSeconds(startedAt) * total) / results.length;
}

/**
 * Suites and cases at a large team's scale, through the real server process:
 * a tree level with its counts, a filtered and sorted page of cases, case
 * creation over HTTP, a label added to every case as a bulk job (while a user
 * pages the cases table), and the rebuild of the whole log.
 */
export async function caseBenchmarks(): Promise<BenchResult[]> {
  const store = await caseStore(scaled(2_000, 40), scaled(100_000, 2_000));
  const parse = await jsonParseRate(eventsFile(store));
  const hello = await helloWorldBaseline();
  const random = seededRandom(3);
  const levels = Array.from({ length: scaled(300, 30) }, () => store.parentSuiteIds[Math.floor(random() * store.parentSuiteIds.length)]!);
  const queries = caseQueries(store, scaled(300, 30));
  const of = `${store.cases.toLocaleString('en')} cases in ${store.suiteIds.length.toLocaleString('en')} suites`;

  let naive: NaiveCases | undefined = await loadCaseDocuments(eventsFile(store));
  const naiveLevels = summarize(timeNaively(levels.slice(0, 30).map((parent) => () => naiveTreeLevel(naive!, parent, TREE_PAGE))));
  const naiveLists = summarize(
    timeNaively(
      queries.slice(0, 30).map(
        (q) => () =>
          naiveCasePage(
            naive!,
            store.projectId,
            {
              labels: q.labels,
              notLabels: [q.notLabel],
              condition: 'or',
              ordering: '-estimate',
              ...(q.suite ? { suiteIds: [q.suite] } : {}),
            },
            { skip: (q.page - 1) * LIST_PAGE, limit: LIST_PAGE },
          ),
      ),
    ),
  );
  naive = undefined;

  const fold = await foldInChild(eventsFile(store));
  const env = { TESTAMENT_WRITE_RATE_LIMIT: '0' };
  const start = await coldStartServer('cases', store.dataDir, env, 600_000);
  let { server } = start;
  try {
    const rss = residentMb(server.child.pid!);
    const tester = await signIn(server.url, store.tester);
    await timeGets(
      server.url,
      tester,
      levels.slice(0, 10).map((parent) => treeLevelPath(store, parent)),
    ); // warm-up
    const treeLevels = summarize(
      await timeGets(
        server.url,
        tester,
        levels.map((parent) => treeLevelPath(store, parent)),
      ),
    );
    const lists = summarize(
      await timeGets(
        server.url,
        tester,
        queries.map((q) => q.path),
      ),
    );

    const sessions = await Promise.all(Array.from({ length: 4 }, () => signIn(server.url, store.tester)));
    let counter = 0;
    const outcome = await runLoad({
      baseUrl: server.url,
      clients: HTTP_CLIENTS,
      warmupMs: scaled(2_000, 500),
      measureMs: scaled(10_000, 2_000),
      nextCall: () => {
        const suite = store.suiteIds[counter % store.suiteIds.length]!;
        return {
          kind: 'create',
          method: 'POST',
          path: '/api/v2/cases/',
          body: {
            project: store.projectId,
            suite,
            name: `Load case ${counter++}`,
            scenario: 'Do it',
            estimate: '1h',
            labels: [{ name: 'label-1' }],
          },
          expect: 201,
        };
      },
      credentials: (client) => sessions[client % sessions.length],
    });
    const creates = summarize(outcome.all);

    const listPath = queries[0]!.path;
    const idleList = summarize(
      await timeGets(
        server.url,
        tester,
        Array.from({ length: scaled(100, 20) }, () => listPath),
      ),
    );
    const stopListing = { now: false };
    const listing = requestUntil(server.url, sessions[0]!, listPath, stopListing);
    const relabelBody = { project: store.projectId, filter_conditions: {}, labels: [{ name: 'relabelled' }], labels_action: 'add' };
    const relabel = await runJob(server.url, tester, '/api/v2/cases/bulk-update/', relabelBody).finally(() => (stopListing.now = true));
    const duringRelabel = summarize(await listing);
    const relabelled = `${thousands(relabel.job.total)} cases`;
    log(
      `bulk relabel of ${relabelled}: ${round(relabel.seconds, 1)} s; cases list ` +
        `p50 ${duringRelabel.p50} ms, p99 ${duringRelabel.p99} ms (${duringRelabel.count} requests)`,
    );
    const sample = scaled(500, 20);
    const oneByOne = await relabelOneByOne(server.url, tester, store.projectId, sample, relabel.job.total);
    const restart = await restartServer('cases', server, store.dataDir, env, 600_000);
    server = restart.server;
    return [
      ...latencyRows(`tree level with counts (${of}, page of ${TREE_PAGE})`, treeLevels, naiveLevels, 30, {
        requests: treeLevels.count,
        naiveQueries: naiveLevels.count,
      }),
      ...latencyRows(`cases: label filter, by estimate, page of ${LIST_PAGE} (${of})`, lists, naiveLists, 50, {
        requests: lists.count,
        naiveQueries: naiveLists.count,
        withinASubtree: 'one query in three',
      }),
      against(
        {
          name: 'POST /api/v2/cases/ over HTTP: throughput',
          value: round(outcome.succeeded / outcome.seconds, 0),
          unit: 'requests/s',
          target: { op: '>=', value: 1_000 },
          detail: { clients: HTTP_CLIENTS, p50: creates.p50, p99: creates.p99, failures: describeFailures(outcome.failures) },
        },
        hello.throughput,
      ),
      against(
        {
          name: `bulk relabel (labels add) of ${relabelled}, each a new version: PUT cases/bulk-update/ → finished in GET bulk-jobs/`,
          value: round(relabel.seconds, 2),
          unit: 's',
          detail: { casesPerSecond: Math.round(relabel.job.done / relabel.seconds), ...progressDetail(relabel) },
        },
        {
          name: `${relabelled} × GET and PUT cases/{id}/, one case after another (${thousands(sample)} measured, extrapolated)`,
          value: round(oneByOne, 1),
          unit: 's',
        },
      ),
      ...(['p50', 'p99'] as const).map((p) =>
        against(
          {
            name: `cases list page of ${LIST_PAGE} during the bulk relabel: ${p}`,
            value: duringRelabel[p],
            unit: 'ms',
            detail: { requests: duringRelabel.count },
          },
          { name: `the same page, server idle: ${p}`, value: idleList[p], unit: 'ms' },
        ),
      ),
      ...rebuildRows('the cases log', fold, parse, { logWrittenThroughCommandsSeconds: round(store.buildSeconds, 1) }),
      ...coldStartRows(of, start, parse),
      ...restartRows(of, restart, start),
      against({ name: `server RSS after rebuilding ${of}`, value: round(rss, 0), unit: 'MB' }, hello.rss),
    ];
  } finally {
    await server.stop();
  }
}
