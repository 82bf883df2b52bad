import { call, connection, type Credentials, type HttpCall } from './http-call.ts';
import { describeFailures, HTTP_CLIENTS, runLoad, signIn } from './http-load.ts';
import { seededRandom, summarize, type LatencySummary } from './measure.ts';
import { scaled } from './scale.ts';
import { scrapeMetrics, writePhaseMeans } from './server-metrics.ts';
import type { TestStore } from './test-store.ts';

export interface ResultLoad {
  throughput: number;
  latency: LatencySummary;
  failures: string;
  /** Means over the measured window from the server's own metrics: where the time went, for the note (absent without them). */
  serverMeans: Record<string, number>;
}

/**
 * Results recorded over HTTP by a team at once (random tests and statuses), as the lead. A run with another `seed`
 * records on other tests: one right after another with the same seed finds its tests' rows just written.
 */
export async function recordResults(baseUrl: string, store: TestStore, seed?: number): Promise<ResultLoad> {
  const sessions = await Promise.all(Array.from({ length: 4 }, () => signIn(baseUrl, store.lead)));
  let atMeasureStart: Promise<Map<string, number> | null> = Promise.resolve(null);
  const outcome = await runLoad({
    onMeasureStart: () => {
      atMeasureStart = scrapeMetrics(baseUrl);
    },
    baseUrl,
    clients: HTTP_CLIENTS,
    warmupMs: scaled(2_000, 500),
    measureMs: scaled(10_000, 2_000),
    nextCall: await randomResults(baseUrl, store, sessions[0]!, seed),
    credentials: (client) => sessions[client % sessions.length],
  });
  const [before, after] = [await atMeasureStart, await scrapeMetrics(baseUrl)];
  return {
    throughput: Math.round(outcome.succeeded / outcome.seconds),
    latency: summarize(outcome.all),
    failures: describeFailures(outcome.failures),
    serverMeans: before && after ? writePhaseMeans(before, after, '/api/v2/results/') : {},
  };
}

/** Makes the POSTs of results of random tests, with random statuses. */
export async function randomResults(baseUrl: string, store: TestStore, lead: Credentials, seed = 21): Promise<() => HttpCall> {
  const random = seededRandom(seed);
  const firstTest = store.tests > 0 ? await firstTestId(baseUrl, lead, store) : 1;
  return () => ({
    kind: 'create',
    method: 'POST',
    path: '/api/v2/results/',
    body: {
      test: firstTest + Math.floor(random() * store.tests),
      status: store.statusIds[Math.floor(random() * store.statusIds.length)],
    },
    expect: 201,
  });
}

/** Test ids are one sequence from the first: the first test's id, from the tests list. */
async function firstTestId(baseUrl: string, credentials: Credentials, store: TestStore): Promise<number> {
  const agent = connection();
  const result = await call(
    agent,
    baseUrl,
    { kind: 'get', method: 'GET', path: `/api/v2/tests/?project=${store.projectId}&ordering=id&page_size=1`, expect: 200 },
    credentials,
  );
  agent.destroy();
  return (JSON.parse(result.body) as { results: Array<{ id: number }> }).results[0]!.id;
}
