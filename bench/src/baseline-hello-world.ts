import { startListeningProcess } from '@testament/gateway/testing/server-process';
import { HTTP_CLIENTS, runLoad, startProber } from './http-load.ts';
import { round, summarize, type Baseline } from './measure.ts';
import { scaled } from './scale.ts';
import { eventLoopDelayP99, residentMb, scrapeMetrics } from './server-metrics.ts';

export interface HelloWorldBaseline {
  throughput: Baseline;
  p50: Baseline;
  p99: Baseline;
  /** `/healthz` probed every 50 ms during the load. */
  healthzP99: Baseline;
  eventLoopDelayP99: Baseline;
  rss: Baseline;
}

const NAME = `hello-world Fastify, ${HTTP_CLIENTS} clients`;

/** Baseline (c): the hello-world server in a child process under the same load generator and client count as our HTTP benchmarks. */
export async function helloWorldBaseline(): Promise<HelloWorldBaseline> {
  const server = await startListeningProcess(new URL('./hello-world-server.ts', import.meta.url).pathname, {});
  try {
    const prober = await startProber(server.url, '/healthz', 50);
    const outcome = await runLoad({
      baseUrl: server.url,
      clients: HTTP_CLIENTS,
      warmupMs: scaled(2_000, 500),
      measureMs: scaled(10_000, 2_000),
      nextCall: () => ({ kind: 'hello', method: 'GET', path: '/', expect: 200 }),
      onMeasureStart: () => void scrapeMetrics(server.url, { reset: true }),
    });
    const probes = await prober.stop(outcome.window);
    const metrics = await scrapeMetrics(server.url);
    const latency = summarize(outcome.all);
    return {
      throughput: { name: NAME, value: round(outcome.succeeded / outcome.seconds, 0), unit: 'requests/s' },
      p50: { name: `${NAME}: p50`, value: latency.p50, unit: 'ms' },
      p99: { name: `${NAME}: p99`, value: latency.p99, unit: 'ms' },
      healthzP99: { name: `${NAME}: /healthz p99`, value: summarize(probes.latencies).p99, unit: 'ms' },
      eventLoopDelayP99: { name: `${NAME}: event-loop delay p99`, value: round(eventLoopDelayP99(metrics!)!.value, 2), unit: 'ms' },
      rss: { name: `${NAME}: RSS`, value: round(residentMb(server.child.pid!), 0), unit: 'MB' },
    };
  } finally {
    await server.stop();
  }
}
