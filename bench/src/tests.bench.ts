import { helloWorldBaseline } from './baseline-hello-world.ts';
import { jsonParseRate } from './baseline-json-parse.ts';
import { HTTP_CLIENTS, signIn } from './http-load.ts';
import { recordResults } from './result-load.ts';
import { against, round, seededRandom, summarize, type BenchResult } from './measure.ts';
import { loadTestDocuments, naiveTestPage, naiveUnionLevel, type NaiveTests } from './naive-tests.ts';
import { eventsFile } from './project-store.ts';
import { coldStartRows, coldStartServer, foldInChild, rebuildRows, restartRows, restartServer } from './rebuild-and-start.ts';
import { scaled } from './scale.ts';
import { latencyRows, timeGets, timeNaively } from './view-timing.ts';
import { residentMb } from './server-metrics.ts';
import { testStore, type TestStore } from './test-store.ts';

const UNION_PAGE = 99;
const LIST_PAGE = 25;

/** The tests table filtered by last status, label and assignee, by name, a random early page. */
function testQueries(store: TestStore, count: number) {
  const random = seededRandom(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: count }, () => {
    const statuses = [pick(store.statusIds), pick(store.statusIds)];
    const label = pick(store.labelIds);
    const assignee = pick(store.testerIds);
    const page = 1 + Math.floor(random() * 3);
    const path =
      `/api/v2/tests/?project=${store.projectId}&last_status=${statuses.join(',')}&` +
      `labels=${label}&assignee=${assignee}&ordering=name&page=${page}&page_size=${LIST_PAGE}`;
    return { path, statuses, label, assignee, page };
  });
}

/** Levels a user opens in the plans tree: the roots (one time in three), or a root plan's children and tests. */
function unionLevels(store: TestStore, count: number): Array<number | null> {
  const random = seededRandom(9);
  return Array.from({ length: count }, (_, i) =>
    i % 3 === 0 ? null : store.rootPlanIds[Math.floor(random() * store.rootPlanIds.length)]!,
  );
}
const unionPath = (store: TestStore, parent: number | null) =>
  `/api/v2/testplans/union/?project=${store.projectId}&parent=${parent ?? 'null'}&page=1&page_size=${UNION_PAGE}`;

/**
 * Plans, tests and results at a large team's scale, through the real server
 * process: the filtered tests table, a union level with its counts, recording
 * results over HTTP, and the rebuild of the whole log.
 */
export async function testBenchmarks(): Promise<BenchResult[]> {
  const store = await testStore(scaled(1_000, 40), scaled(100, 25), scaled(1_000_000, 5_000));
  const parse = await jsonParseRate(eventsFile(store));
  const hello = await helloWorldBaseline();
  const queries = testQueries(store, scaled(300, 30));
  const levels = unionLevels(store, scaled(300, 30));
  const of =
    `${store.tests.toLocaleString('en')} tests in ${store.planIds.length.toLocaleString('en')} ` +
    `plans, ${store.results.toLocaleString('en')} results`;

  let naive: NaiveTests | undefined = await loadTestDocuments(eventsFile(store));
  const naiveLists = summarize(
    timeNaively(
      queries.slice(0, 30).map(
        (q) => () =>
          naiveTestPage(naive!, store.projectId, { statuses: q.statuses, labels: [q.label], assigneeIds: [q.assignee] }, 'name', {
            skip: (q.page - 1) * LIST_PAGE,
            limit: LIST_PAGE,
          }),
      ),
    ),
  );
  const naiveLevels = summarize(
    timeNaively(levels.slice(0, 30).map((parent) => () => naiveUnionLevel(naive!, store.projectId, parent, UNION_PAGE))),
  );
  naive = undefined;

  const fold = await foldInChild(eventsFile(store));
  const env = { TESTAMENT_WRITE_RATE_LIMIT: '0' };
  const start = await coldStartServer('tests', store.dataDir, env, 900_000);
  let { server } = start;
  try {
    const rss = residentMb(server.child.pid!);
    const lead = await signIn(server.url, store.lead);
    await timeGets(server.url, lead, [
      ...queries.slice(0, 10).map((q) => q.path),
      ...levels.slice(0, 10).map((parent) => unionPath(store, parent)),
    ]); // warm-up
    const lists = summarize(
      await timeGets(
        server.url,
        lead,
        queries.map((q) => q.path),
      ),
    );
    const unions = summarize(
      await timeGets(
        server.url,
        lead,
        levels.map((parent) => unionPath(store, parent)),
      ),
    );

    const adds = await recordResults(server.url, store);
    const restart = await restartServer('tests', server, store.dataDir, env, 900_000);
    server = restart.server;
    return [
      ...latencyRows(`tests: status + label + assignee, by name, page of ${LIST_PAGE} (${of})`, lists, naiveLists, 50, {
        requests: lists.count,
        naiveQueries: naiveLists.count,
      }),
      ...latencyRows(`plans union level with counts and estimates (${of}; roots one time in three)`, unions, naiveLevels, 30, {
        requests: unions.count,
        naiveQueries: naiveLevels.count,
      }),
      against(
        {
          name: 'POST /api/v2/results/ over HTTP: throughput',
          value: adds.throughput,
          unit: 'requests/s',
          target: { op: '>=', value: 1_000 },
          detail: { clients: HTTP_CLIENTS, p50: adds.latency.p50, failures: adds.failures },
        },
        hello.throughput,
      ),
      { name: 'POST /api/v2/results/ over HTTP: p99', value: adds.latency.p99, unit: 'ms', target: { op: '<=', value: 50 } },
      ...rebuildRows('the plans and results log', fold, parse, { logWrittenThroughCommandsSeconds: round(store.buildSeconds, 1) }),
      ...coldStartRows(of, start, parse),
      ...restartRows(of, restart, start),
      against({ name: `server RSS after rebuilding ${of}`, value: round(rss, 0), unit: 'MB' }, hello.rss),
    ];
  } finally {
    await server.stop();
  }
}
