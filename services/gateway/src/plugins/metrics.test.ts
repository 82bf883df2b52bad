import Fastify from 'fastify';
import { register as globalRegistry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Browser, type TestServer } from '../testing/harness.ts';
import { cancellationPlugin } from './cancellation.ts';
import { gcPausesPlugin } from './gc-pauses.ts';
import { metricsPlugin } from './metrics.ts';

let server: TestServer;
let admin: Browser;
let alice: Browser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('admin');
  alice = await server.signedIn('alice', 'Secret-pass1!');
});
afterAll(() => server.close());

/** The value of one series (`name` with its labels or suffix) in an exposition. */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  if (!line) throw new Error(`no ${series} in\n${text}`);
  return Number(line.slice(series.length + 1));
}

/** `GET /metrics` as `browser` (or anonymously) from `remoteAddress`. */
function scrape(remoteAddress: string, browser?: Browser, query = '') {
  const cookie = browser ? [...browser.cookies].map(([key, value]) => `${key}=${value}`).join('; ') : undefined;
  return server.app.inject({ method: 'GET', url: `/metrics${query}`, remoteAddress, headers: cookie ? { cookie } : {} });
}

/** Every family an operator or a benchmark (bench/src/server-metrics.ts) reads, with its type. */
const FAMILIES = {
  testament_event_loop_delay_seconds: 'summary',
  testament_gc_pause_seconds_total: 'counter',
  testament_gc_pauses_total: 'counter',
  testament_gc_longest_pause_seconds: 'gauge',
  process_resident_memory_bytes: 'gauge',
  nodejs_heap_size_used_bytes: 'gauge',
  testament_http_requests_total: 'counter',
  testament_http_requests_abandoned_total: 'counter',
  testament_read_models_position: 'gauge',
  testament_read_model_served: 'gauge',
  testament_read_models_build_position: 'gauge',
  testament_event_store_head_position: 'gauge',
  testament_write_waits: 'gauge',
  testament_http_request_duration_seconds: 'histogram',
  testament_http_request_queued_seconds: 'histogram',
  testament_write_phase_seconds: 'histogram',
};

describe('GET /metrics', () => {
  it('exposes each family by its name and type, and nothing else', async () => {
    const text = (await scrape('127.0.0.1')).body;
    const types = Object.fromEntries([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => [name, type]));
    expect(types).toEqual(FAMILIES);
    for (const name of Object.keys(FAMILIES)) expect(text).toMatch(new RegExp(`^# HELP ${name} \\S`, 'm'));
    // Units as the names say: bytes, not kilobytes or megabytes.
    expect(seriesValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(1024 * 1024);
    expect(seriesValue(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1024 * 1024);
  });

  it('answers in Prometheus’ text format with the event loop, the garbage collector, memory, requests and positions', async () => {
    const response = await scrape('127.0.0.1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = response.body;
    for (const quantile of ['0.5', '0.99', '1']) {
      expect(seriesValue(text, `testament_event_loop_delay_seconds{quantile="${quantile}"}`)).toBeGreaterThanOrEqual(0);
    }
    expect(seriesValue(text, 'testament_event_loop_delay_seconds_count')).toBeGreaterThan(0);
    expect(seriesValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(seriesValue(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(seriesValue(text, 'testament_http_requests_abandoned_total')).toBe(0);
    expect(text).toContain('# TYPE testament_http_requests_total counter');
    // Starting a server collects garbage many times over.
    expect(seriesValue(text, 'testament_gc_pauses_total{kind="minor"}')).toBeGreaterThan(0);
    expect(seriesValue(text, 'testament_gc_pause_seconds_total{kind="minor"}')).toBeGreaterThan(0);
    expect(seriesValue(text, 'testament_gc_longest_pause_seconds')).toBeGreaterThan(0);
  });

  it('counts answers by status class and follows the read models and the log', async () => {
    const before = (await scrape('127.0.0.1')).body;
    expect((await admin.post('/api/v2/projects/', { name: 'Counted' })).statusCode).toBe(201);
    expect((await admin.post('/api/v2/projects/', {})).statusCode).toBe(400);
    const after = (await scrape('127.0.0.1')).body;
    // The first scrape itself is a 2xx as well; a Browser's POST may fetch its CSRF cookie first.
    const answered = (text: string, statusClass: string) => seriesValue(text, `testament_http_requests_total{class="${statusClass}"}`);
    expect(answered(after, '2xx')).toBeGreaterThanOrEqual(answered(before, '2xx') + 2);
    expect(answered(after, '4xx')).toBe(answered(before, '4xx') + 1);
    expect(answered(after, '5xx')).toBe(0);
    const head = seriesValue(after, 'testament_event_store_head_position');
    expect(head).toBeGreaterThan(seriesValue(before, 'testament_event_store_head_position'));
    expect(head).toBe(await server.system.store.headPosition());
    expect(seriesValue(after, 'testament_read_models_position')).toBe(head);
    expect(seriesValue(after, 'testament_write_waits')).toBe(0);
    // At rest every read model is served by the copy this code folded, and none is being built.
    const served = after.split('\n').filter((line) => line.startsWith('testament_read_model_served{'));
    expect(served.length).toBe(server.system.runner.status().models.length);
    expect(served.every((line) => line.endsWith(' 1'))).toBe(true);
    expect(after).toContain('# TYPE testament_read_models_build_position gauge');
    expect(after).not.toMatch(/^testament_read_models_build_position\{/m);
  });

  it('times requests by method and route, and splits a write into its command and its wait for the read models', async () => {
    const before = (await scrape('127.0.0.1')).body;
    expect((await admin.post('/api/v2/projects/', { name: 'Timed' })).statusCode).toBe(201);
    expect((await admin.get('/api/v2/projects/')).statusCode).toBe(200);
    expect((await admin.post('/api/v2/projects/', {})).statusCode).toBe(400);
    expect((await admin.get('/api/v2/projects/?page=x')).statusCode).toBe(404);
    const after = (await scrape('127.0.0.1')).body;
    const change = (series: string) => seriesValue(after, series) - (before.includes(`${series} `) ? seriesValue(before, series) : 0);
    const created = 'testament_http_request_duration_seconds{method="POST",route="/api/v2/projects/"}';
    const ofRoute = (suffix: string, method: string) =>
      `testament_http_request_duration_seconds_${suffix}{method="${method}",route="/api/v2/projects/"}`;
    expect(after).toContain(`# TYPE ${created.split('{')[0]} histogram`);
    expect(change(ofRoute('count', 'POST'))).toBe(2);
    expect(change(ofRoute('count', 'GET'))).toBe(2);
    // Every request before its handler (the scrapes included), and the one that wrote in both phases: the refused one wrote nothing.
    expect(change('testament_http_request_queued_seconds_count')).toBeGreaterThanOrEqual(4);
    expect(change('testament_write_phase_seconds_count{phase="command"}')).toBe(1);
    expect(change('testament_write_phase_seconds_count{phase="visible"}')).toBe(1);
    const command = change('testament_write_phase_seconds_sum{phase="command"}');
    const visible = change('testament_write_phase_seconds_sum{phase="visible"}');
    expect(command).toBeGreaterThan(0);
    expect(visible).toBeGreaterThanOrEqual(0);
    // A request lasts at least its phases; the bucket of the slowest holds every one of them.
    expect(change(ofRoute('sum', 'POST'))).toBeGreaterThanOrEqual(command + visible);
    expect(change(`testament_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/v2/projects/"}`)).toBe(2);
  });

  it('names no path of a request that matched no route, so a scan of paths makes no series of its own', async () => {
    const response = await server.app.inject({ method: 'DELETE', url: '/no/such/path-12345', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(404);
    const text = (await scrape('127.0.0.1')).body;
    expect(text).not.toContain('path-12345');
    expect(text).toMatch(/^testament_http_request_duration_seconds_count\{method="DELETE",route="unmatched"\} 1$/m);
  });

  it('starts a new event-loop window with ?reset=1, for benchmarks', async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const beforeReset = seriesValue((await scrape('127.0.0.1', undefined, '?reset=1')).body, 'testament_event_loop_delay_seconds_count');
    const afterReset = seriesValue((await scrape('127.0.0.1')).body, 'testament_event_loop_delay_seconds_count');
    expect(afterReset).toBeLessThan(beforeReset);
  });

  it('keeps each app’s metrics in its own registry: apps in one process neither collide nor share counts', async () => {
    const other = Fastify();
    await other.register(cancellationPlugin);
    await other.register(gcPausesPlugin);
    await other.register(metricsPlugin, { system: server.system, config: server.config });
    try {
      const response = await other.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(response.statusCode).toBe(200);
      expect(seriesValue(response.body, 'testament_http_requests_total{class="2xx"}')).toBe(0);
      expect(seriesValue((await scrape('127.0.0.1')).body, 'testament_http_requests_total{class="2xx"}')).toBeGreaterThan(0);
      expect(globalRegistry.getMetricsAsArray()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('is for this machine, and for superusers from elsewhere', async () => {
    expect((await scrape('::1')).statusCode).toBe(200);
    expect((await scrape('203.0.113.9')).statusCode).toBe(401);
    expect((await scrape('203.0.113.9', alice)).statusCode).toBe(403);
    expect((await scrape('203.0.113.9', admin)).statusCode).toBe(200);
  });
});
