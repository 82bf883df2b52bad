import { helloWorldBaseline } from './baseline-hello-world.ts';
import { jsonParseRate } from './baseline-json-parse.ts';
import { call, connection, type Credentials } from './http-call.ts';
import { signIn } from './http-load.ts';
import { against, round, seededRandom, summarize, type BenchResult, type LatencySummary } from './measure.ts';
import { loadProjectDocuments, naiveListProjects, type NaiveProjects } from './naive-project-list.ts';
import { eventsFile, NAME_SEARCHES, projectStore } from './project-store.ts';
import { startServerAtRest } from './rebuild-and-start.ts';
import { scaled } from './scale.ts';
import { residentMb } from './server-metrics.ts';

const PAGE_SIZE = 10;

interface ListQuery {
  page: number;
  name?: string;
}

const listPath = (q: ListQuery) =>
  `/api/v2/projects/?page=${q.page}&page_size=${PAGE_SIZE}${q.name ? `&name=${encodeURIComponent(q.name)}` : ''}`;

/** Random pages of the default order (favourites first, then by name), the same every run. */
function randomPages(count: number, totalPages: number): ListQuery[] {
  const random = seededRandom(7);
  return Array.from({ length: count }, () => ({ page: 1 + Math.floor(random() * totalPages) }));
}

/** Each name search `perTerm` times, interleaved so no term runs on a warmer cache than another. */
function nameSearches(perTerm: number): ListQuery[] {
  return Array.from({ length: perTerm }, () => NAME_SEARCHES.map(({ term }) => ({ page: 1, name: term }))).flat();
}

/** Enough samples for a p99, but a slow system under test (or the naive scan) must not keep the run going for hours. */
const SERVER_BUDGET_MS = 120_000;
const NAIVE_BUDGET_MS = 60_000;
const MIN_SAMPLES = 12;
const withinBudget = (startedAt: number, samples: number[], budgetMs: number) =>
  samples.length < MIN_SAMPLES || performance.now() - startedAt < scaled(budgetMs, 5_000);

/** One request at a time: latency, not throughput. */
async function timeOverHttp(baseUrl: string, credentials: Credentials, queries: ListQuery[]): Promise<number[]> {
  const agent = connection();
  const samples: number[] = [];
  const startedAt = performance.now();
  for (const q of queries) {
    if (!withinBudget(startedAt, samples, SERVER_BUDGET_MS)) break;
    const result = await call(agent, baseUrl, { kind: 'list', method: 'GET', path: listPath(q), expect: 200 }, credentials);
    if (result.status !== 200) throw new Error(`GET ${listPath(q)} answered ${result.status}: ${result.body.slice(0, 200)}`);
    samples.push(result.ms);
  }
  agent.destroy();
  return samples;
}

function timeNaively(naive: NaiveProjects, queries: ListQuery[]): number[] {
  const samples: number[] = [];
  const startedAt = performance.now();
  for (const q of queries) {
    if (!withinBudget(startedAt, samples, NAIVE_BUDGET_MS)) break;
    const sent = performance.now();
    naiveListProjects(naive, q.name, { skip: (q.page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
    samples.push(performance.now() - sent);
  }
  return samples;
}

function latencyRows(
  label: string,
  ours: LatencySummary,
  naive: LatencySummary,
  p95Target: number,
  detail: BenchResult['detail'],
): BenchResult[] {
  return (['p50', 'p95', 'p99'] as const).map((p) =>
    against(
      {
        name: `${label}: ${p}`,
        value: ours[p],
        unit: 'ms',
        ...(p === 'p95' ? { target: { op: '<=' as const, value: p95Target }, detail } : {}),
      },
      { name: `the same queries by a naive full scan (mingo, in the bench process): ${p}`, value: naive[p], unit: 'ms' },
    ),
  );
}

/**
 * The dashboard's project list on a large store, through the real server
 * process, against the same list computed by a naive full scan in this process.
 */
export async function projectsListBenchmarks(): Promise<BenchResult[]> {
  const store = await projectStore(scaled(200_000, 1_000));
  const parse = await jsonParseRate(eventsFile(store));
  const hello = await helloWorldBaseline();
  const of = `${store.projects.toLocaleString('en')} projects`;
  const totalPages = Math.ceil(store.projects / PAGE_SIZE);
  const pages = randomPages(scaled(500, 50), totalPages);
  const searches = nameSearches(scaled(50, 5));

  // The naive comparison first, while the server is not running: a fraction of the queries is enough, it is slow.
  let naive: NaiveProjects | undefined = await loadProjectDocuments(eventsFile(store), store.favouriteIds);
  const naivePages = summarize(timeNaively(naive, pages.slice(0, 100)));
  const naiveSearches = summarize(timeNaively(naive, searches.slice(0, NAME_SEARCHES.length * 10)));
  naive = undefined;

  const start = await startServerAtRest(`projects list on ${of}`, { TESTAMENT_DATA_DIR: store.dataDir }, 600_000);
  const { server } = start;
  const coldStart = start.seconds;
  try {
    const reader = await signIn(server.url, store.reader);
    await timeOverHttp(server.url, reader, randomPages(20, totalPages)); // warm-up
    const ours = summarize(await timeOverHttp(server.url, reader, pages));
    const searchSamples = await timeOverHttp(server.url, reader, searches);
    const perTerm = Object.fromEntries(
      NAME_SEARCHES.map(({ term, matches }, i) => [
        `p50 "${term}" (${matches})`,
        summarize(searchSamples.filter((_, j) => j % NAME_SEARCHES.length === i)).p50,
      ]),
    );
    const rss = residentMb(server.child.pid!);
    return [
      ...latencyRows(`projects list, random page (${of})`, ours, naivePages, 10, {
        pageSize: PAGE_SIZE,
        requests: ours.count,
        naiveQueries: naivePages.count,
      }),
      ...latencyRows(`projects list, name search (${of})`, summarize(searchSamples), naiveSearches, 50, {
        requests: searchSamples.length,
        naiveQueries: naiveSearches.count,
        ...perTerm,
      }),
      against(
        {
          name: `server cold start on ${of} (process start to listening)`,
          value: round(coldStart, 2),
          unit: 's',
          detail: { events: store.events },
        },
        parse.loadAndParse,
      ),
      against({ name: `server RSS on ${of}`, value: round(rss, 0), unit: 'MB' }, hello.rss),
    ];
  } finally {
    await server.stop();
  }
}
