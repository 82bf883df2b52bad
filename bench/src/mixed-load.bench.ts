import { helloWorldBaseline } from './baseline-hello-world.ts';
import type { HttpCall } from './http-call.ts';
import { describeFailures, HTTP_CLIENTS, runLoad, signIn, startProber } from './http-load.ts';
import { against, log, round, seededRandom, summarize, type BenchResult } from './measure.ts';
import { NAME_SEARCHES, projectName, projectStore } from './project-store.ts';
import { startServerAtRest } from './rebuild-and-start.ts';
import { scaled } from './scale.ts';
import { eventLoopDelayP99, residentMb, residentMbOf, scrapeMetrics } from './server-metrics.ts';

const PAGE_SIZE = 10;
const WRITE_SHARE = 0.2;
/** Of the reads, how many search by name (on the first page of results): some, most browse. */
const SEARCH_SHARE = 0.1;
const PROBE_EVERY_MS = 50;
const percent = (share: number) => `${Math.round(share * 100)} %`;

/** Each client's own seeded mix: 80 % lists (random page, some name searches), 20 % creates. */
function mix(client: number, totalPages: number, firstSerial: number): () => HttpCall {
  const random = seededRandom(1000 + client);
  let created = 0;
  return () => {
    if (random() < WRITE_SHARE) {
      const name = projectName(firstSerial + client * 1_000_000 + created++, random);
      return { kind: 'create', method: 'POST', path: '/api/v2/projects/', body: { name }, expect: 201 };
    }
    if (random() < SEARCH_SHARE) {
      const { term } = NAME_SEARCHES[Math.floor(random() * NAME_SEARCHES.length)]!;
      return {
        kind: 'search',
        method: 'GET',
        path: `/api/v2/projects/?page_size=${PAGE_SIZE}&name=${encodeURIComponent(term)}`,
        expect: 200,
      };
    }
    const page = 1 + Math.floor(random() * totalPages);
    return { kind: 'list', method: 'GET', path: `/api/v2/projects/?page=${page}&page_size=${PAGE_SIZE}`, expect: 200 };
  };
}

/**
 * Reads and writes together on a large store, through the real server process
 * with its default limits: each client is its own signed-in user, as people are.
 */
export async function mixedLoadBenchmarks(): Promise<BenchResult[]> {
  const store = await projectStore(scaled(100_000, 1_000), HTTP_CLIENTS);
  const hello = await helloWorldBaseline();
  const of = `${store.projects.toLocaleString('en')} projects`;
  // An empty TESTAMENT_WRITE_RATE_LIMIT gives the server's own default, whatever this process's environment says.
  const { server } = await startServerAtRest(
    `mixed load on ${of}`,
    { TESTAMENT_DATA_DIR: store.dataDir, TESTAMENT_WRITE_RATE_LIMIT: '' },
    600_000,
  );
  try {
    const clients = await Promise.all(store.clients.map((username) => signIn(server.url, username)));
    const admin = await signIn(server.url, store.admin);
    const calls = clients.map((_, client) => mix(client, Math.ceil(store.projects / PAGE_SIZE), store.projects));
    const prober = await startProber(server.url, '/healthz', PROBE_EVERY_MS);
    const outcome = await runLoad({
      baseUrl: server.url,
      clients: HTTP_CLIENTS,
      warmupMs: scaled(10_000, 1_000),
      measureMs: scaled(60_000, 3_000),
      nextCall: (client) => calls[client]!(),
      credentials: (client) => clients[client],
      onMeasureStart: () => void scrapeMetrics(server.url, { credentials: admin, reset: true }),
    });
    const probes = await prober.stop(outcome.window);
    const metrics = await scrapeMetrics(server.url, { credentials: admin });
    const delay = metrics && eventLoopDelayP99(metrics);
    const reportedRss = metrics && residentMbOf(metrics);
    const rss = reportedRss ?? { metric: `/proc/${server.child.pid}/status VmRSS`, value: residentMb(server.child.pid!) };
    log(`mixed load: ${metrics ? 'read GET /metrics' : 'the server has no GET /metrics: event-loop delay unavailable, RSS from /proc'}`);

    const all = summarize(outcome.all);
    const failed = Object.values(outcome.failures).reduce((a, b) => a + b, 0);
    const name = `mixed load (${of})`;
    const detail = {
      clients: `${HTTP_CLIENTS}, each its own user`,
      mix: `${percent(1 - WRITE_SHARE)} list (${percent(SEARCH_SHARE)} of them name searches) / ${percent(WRITE_SHARE)} create`,
      limits: 'server defaults (TESTAMENT_WRITE_RATE_LIMIT unset)',
      seconds: outcome.seconds,
      requests: outcome.succeeded,
    };
    // Where the time goes: each kind of request on its own.
    const byKind = [...outcome.latencies].map(([kind, samples]) => {
      const { count, p50, p99 } = summarize(samples);
      return against(
        { name: `${name}: p99 latency of ${kind} requests`, value: p99, unit: 'ms', detail: { requests: count, p50 } },
        hello.p99,
      );
    });
    return [
      against(
        {
          name: `${name}: throughput`,
          value: round(outcome.succeeded / outcome.seconds, 0),
          unit: 'requests/s',
          target: { op: '>=', value: 2_000 },
          detail,
        },
        hello.throughput,
      ),
      against(
        {
          name: `${name}: p99 latency`,
          value: all.p99,
          unit: 'ms',
          target: { op: '<=', value: 100 },
          detail: { p50: all.p50, p95: all.p95 },
        },
        hello.p99,
      ),
      ...byKind,
      delay
        ? against(
            {
              name: `${name}: server event-loop delay p99`,
              value: round(delay.value, 2),
              unit: 'ms',
              target: { op: '<=', value: 50 },
              detail: { source: delay.metric },
            },
            hello.eventLoopDelayP99,
          )
        : {
            name: `${name}: server event-loop delay p99 UNAVAILABLE (no GET /metrics)`,
            value: NaN,
            unit: 'ms',
            target: { op: '<=', value: 50 },
          },
      against({ name: `${name}: server RSS`, value: round(rss.value, 0), unit: 'MB', detail: { source: rss.metric } }, hello.rss),
      against(
        {
          name: `${name}: /healthz p99, probed every ${PROBE_EVERY_MS} ms`,
          value: summarize(probes.latencies).p99,
          unit: 'ms',
          target: { op: '<=', value: 20 },
          detail: { probes: probes.latencies.length, failedProbes: probes.failures },
        },
        hello.healthzP99,
      ),
      against(
        { name: `${name}: failed requests`, value: failed, unit: 'requests', detail: { byStatus: describeFailures(outcome.failures) } },
        { name: 'all requests answered in the window', value: outcome.succeeded + failed, unit: 'requests' },
      ),
    ];
  } finally {
    await server.stop();
  }
}
