import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, Summary } from 'prom-client';
import type { GatewayContext } from '../context.ts';
import { writePhasesOf } from '../http/write-phases.ts';
import { requireSuperuser } from './authentication.ts';

/** Node samples the event loop this often (ms); a sample is the time between two ticks, so this much of it is not delay. */
const SAMPLE_INTERVAL_MS = 10;
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
const EVENT_LOOP_DELAY = 'testament_event_loop_delay_seconds';
/** Latency buckets (seconds): a page read answers in milliseconds, a write in tens of them, a bulk import in seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The route label of a request no route matched: its path would make a series per path asked. */
const UNMATCHED_ROUTE = 'unmatched';

const seconds = (nanoseconds: number) => Math.max(0, nanoseconds / 1e9 - SAMPLE_INTERVAL_MS / 1000);

/**
 * Operators on this machine (benchmarks, a local Prometheus); from elsewhere a superuser. Behind a proxy this needs TESTAMENT_TRUST_PROXY.
 */
function fromLoopback(request: FastifyRequest): boolean {
  return /^(127\.|::1$|::ffff:127\.)/.test(request.ip);
}

/**
 * The event-loop delay, a custom collector: a prom-client Summary whose `get()` reports Node's own
 * `monitorEventLoopDelay` histogram (quantiles 0.5, 0.99 and 1, `_sum` and `_count`) instead of observations
 * of its own, so that the exposition keeps one `summary` family and `?reset=1` (the histogram's reset) starts a
 * new window for benchmarks. prom-client's default event-loop metrics reset their histogram at every scrape.
 */
class EventLoopDelaySummary extends Summary {
  constructor(
    registry: Registry,
    private readonly delay: IntervalHistogram,
  ) {
    super({
      name: EVENT_LOOP_DELAY,
      help: 'How late the event loop ran timers, since start or the last ?reset=1.',
      registers: [registry],
      percentiles: [],
    });
  }

  override async get(): ReturnType<Summary['get']> {
    const { delay } = this;
    return {
      ...(await super.get()),
      values: [
        { labels: { quantile: 0.5 }, value: seconds(delay.percentile(50)) },
        { labels: { quantile: 0.99 }, value: seconds(delay.percentile(99)) },
        { labels: { quantile: 1 }, value: seconds(delay.max) },
        // The mean of no samples is NaN.
        { metricName: `${EVENT_LOOP_DELAY}_sum`, labels: {}, value: delay.count > 0 ? seconds(delay.mean) * delay.count : 0 },
        { metricName: `${EVENT_LOOP_DELAY}_count`, labels: {}, value: delay.count },
      ],
    };
  }
}

/**
 * `GET /metrics` in Prometheus' text format (prom-client): event-loop delay since start
 * (`?reset=1` starts a new window, for benchmarks), garbage-collector pauses, memory, answered requests
 * by status class, requests the client abandoned, and how far the read models are behind the log.
 *
 * Each app has its own registry (tests start many apps in one process; prom-client's global registry
 * would refuse the second), so every metric names `registers`. Values kept elsewhere (the garbage
 * collector's pauses, abandoned requests, positions) are read by each metric's `collect()` at the scrape.
 * prom-client's `collectDefaultMetrics` is left out: each call starts an event-loop histogram and a
 * garbage-collection observer that nothing stops (one more per app), and its
 * `nodejs_eventloop_lag_p99_seconds`, reset at every scrape, is what a benchmark could read for ours.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, { system }: GatewayContext) => {
  const registry = new Registry();
  const registers = [registry];

  const delay = monitorEventLoopDelay({ resolution: SAMPLE_INTERVAL_MS });
  delay.enable();
  app.addHook('onClose', async () => delay.disable());
  new EventLoopDelaySummary(registry, delay);

  // Counters of totals kept by gc-pauses and cancellation: set at each scrape (a counter has no `set`).
  new Counter({
    name: 'testament_gc_pause_seconds_total',
    help: 'Time the garbage collector held the process since start, by kind of collection.',
    labelNames: ['kind'],
    registers,
    collect() {
      this.reset();
      for (const [kind, total] of Object.entries(app.gcPauses.totals)) this.inc({ kind }, total.seconds);
    },
  });
  new Counter({
    name: 'testament_gc_pauses_total',
    help: 'Pauses of the garbage collector since start, by kind of collection.',
    labelNames: ['kind'],
    registers,
    collect() {
      this.reset();
      for (const [kind, total] of Object.entries(app.gcPauses.totals)) this.inc({ kind }, total.count);
    },
  });
  new Gauge({
    name: 'testament_gc_longest_pause_seconds',
    help: 'The longest pause of the garbage collector since start.',
    registers,
    collect() {
      this.set(app.gcPauses.longestSeconds);
    },
  });
  // The names and units of prom-client's default metrics, made here (see above).
  new Gauge({
    name: 'process_resident_memory_bytes',
    help: 'Resident set size.',
    registers,
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  new Gauge({
    name: 'nodejs_heap_size_used_bytes',
    help: 'V8 heap in use.',
    registers,
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });

  const answered = new Counter({
    name: 'testament_http_requests_total',
    help: 'Requests answered, by status class.',
    labelNames: ['class'],
    registers,
  });
  // Every class from the start, at 0; a child per class, so that counting an answer hashes no labels.
  const answeredByClass = STATUS_CLASSES.map((statusClass) => {
    answered.inc({ class: statusClass }, 0);
    return answered.labels({ class: statusClass });
  });
  // Where a request's time goes: its wait for a turn and its checks before the handler, then for writes the command and
  // the read models catching up; a child per route, so that observing hashes no labels.
  const durations = new Histogram({
    name: 'testament_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by method and route pattern ("unmatched" for none).',
    labelNames: ['method', 'route'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const durationsByRoute = new Map<string, ReturnType<typeof durations.labels>>();
  const queued = new Histogram({
    name: 'testament_http_request_queued_seconds',
    help: 'Time from a request’s arrival until its handler started: its turn, authentication, limits and body.',
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const writePhases = new Histogram({
    name: 'testament_write_phase_seconds',
    help: 'A writing request’s time by phase: "command" (decided and committed to the log), "visible" (until the read models included it).',
    labelNames: ['phase'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const commandPhase = writePhases.labels({ phase: 'command' });
  const visiblePhase = writePhases.labels({ phase: 'visible' });
  // Callback hooks: an async one costs every request a promise more.
  app.addHook('preHandler', (_request, reply, done) => {
    queued.observe(reply.elapsedTime / 1000);
    done();
  });
  const observeAnswer = (request: FastifyRequest, statusCode: number, elapsedMs: number) => {
    answeredByClass[Math.floor(statusCode / 100) - 1]?.inc();
    const method = request.method;
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const key = `${method} ${route}`;
    let ofRoute = durationsByRoute.get(key);
    if (!ofRoute) {
      ofRoute = durations.labels({ method, route });
      durationsByRoute.set(key, ofRoute);
    }
    ofRoute.observe(elapsedMs / 1000);
    const phases = writePhasesOf(request);
    if (!phases) return;
    commandPhase.observe(phases.commandSeconds);
    visiblePhase.observe(phases.visibleSeconds);
  };
  app.addHook('onResponse', (request, reply, done) => {
    observeAnswer(request, reply.statusCode, reply.elapsedTime);
    done();
  });
  new Counter({
    name: 'testament_http_requests_abandoned_total',
    help: 'Requests whose client left before the answer.',
    registers,
    collect() {
      this.reset();
      this.inc(app.abandonedRequests);
    },
  });

  new Gauge({
    name: 'testament_read_models_position',
    help: 'Log position the read models include.',
    registers,
    collect() {
      this.set(system.progress.current);
    },
  });
  new Gauge({
    name: 'testament_read_model_served',
    help: 'By read model: 1 when the copy served was folded by this code, 0 while an old copy serves and the new one is built.',
    labelNames: ['model', 'version', 'served_version'],
    registers,
    collect() {
      // A switch to the new copy changes `served_version`: only the current series are kept.
      this.reset();
      for (const { name, version, servedVersion } of system.runner.status().models) {
        this.set({ model: name, version, served_version: servedVersion ?? '' }, servedVersion === version ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'testament_read_models_build_position',
    help: 'Log position the read models being built beside the served copies include (absent when none is built).',
    labelNames: ['generation'],
    registers,
    collect() {
      this.reset();
      const { building } = system.runner.status();
      if (building) this.set({ generation: building.generation }, building.position);
    },
  });
  new Gauge({
    name: 'testament_event_store_head_position',
    help: 'Position of the last event in the log.',
    registers,
    async collect() {
      this.set(await system.store.headPosition());
    },
  });
  new Gauge({
    name: 'testament_write_waits',
    help: 'Requests waiting for the read models to include their writes.',
    registers,
    collect() {
      this.set(system.progress.waiting);
    },
  });

  app.get('/metrics', async (request, reply) => {
    if (!fromLoopback(request)) requireSuperuser(request);
    const exposition = await registry.metrics();
    if ((request.query as { reset?: string }).reset === '1') delay.reset();
    return reply.type(registry.contentType).send(exposition);
  });
});
