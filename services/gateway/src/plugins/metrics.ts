import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { GatewayContext } from '../context.ts';
import { requireSuperuser } from './authentication.ts';

/** Node samples the event loop this often (ms); a sample is the time between two ticks, so this much of it is not delay. */
const SAMPLE_INTERVAL_MS = 10;
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

const seconds = (nanoseconds: number) => Math.max(0, nanoseconds / 1e9 - SAMPLE_INTERVAL_MS / 1000);

/** Operators on this machine (benchmarks, a local Prometheus); from elsewhere a superuser. Behind a proxy this needs TESTAMENT_TRUST_PROXY. */
function fromLoopback(request: FastifyRequest): boolean {
  return /^(127\.|::1$|::ffff:127\.)/.test(request.ip);
}

interface Metric {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'summary';
  /** `suffix` follows the name: labels such as `{class="2xx"}`, or a summary's `_sum` and `_count`. */
  samples: Array<{ suffix?: string; value: number }>;
}

/** The Prometheus text exposition format (version 0.0.4). */
function exposition(metrics: Metric[]): string {
  return metrics
    .map(({ name, help, type, samples }) =>
      [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...samples.map(({ suffix, value }) => `${name}${suffix ?? ''} ${value}`)].join('\n'),
    )
    .join('\n')
    .concat('\n');
}

/**
 * `GET /metrics` in Prometheus' text format: event-loop delay since start
 * (`?reset=1` starts a new window, for benchmarks), garbage-collector pauses, memory, answered requests
 * by status class, requests the client abandoned, and how far the read models are behind the log.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, { system }: GatewayContext) => {
  const delay = monitorEventLoopDelay({ resolution: SAMPLE_INTERVAL_MS });
  delay.enable();
  app.addHook('onClose', async () => delay.disable());

  const answered = Object.fromEntries(STATUS_CLASSES.map((statusClass) => [statusClass, 0]));
  app.addHook('onResponse', async (_request, reply) => {
    const statusClass = STATUS_CLASSES[Math.floor(reply.statusCode / 100) - 1];
    if (statusClass) answered[statusClass]!++;
  });

  app.get('/metrics', async (request, reply) => {
    if (!fromLoopback(request)) requireSuperuser(request);
    const memory = process.memoryUsage();
    const readModels = system.runner.status();
    const metrics: Metric[] = [
      {
        name: 'testament_event_loop_delay_seconds',
        help: 'How late the event loop ran timers, since start or the last ?reset=1.',
        type: 'summary',
        samples: [
          { suffix: '{quantile="0.5"}', value: seconds(delay.percentile(50)) },
          { suffix: '{quantile="0.99"}', value: seconds(delay.percentile(99)) },
          { suffix: '{quantile="1"}', value: seconds(delay.max) },
          // The mean of no samples is NaN.
          { suffix: '_sum', value: delay.count > 0 ? seconds(delay.mean) * delay.count : 0 },
          { suffix: '_count', value: delay.count },
        ],
      },
      {
        name: 'testament_gc_pause_seconds_total',
        help: 'Time the garbage collector held the process since start, by kind of collection.',
        type: 'counter',
        samples: Object.entries(app.gcPauses.totals).map(([kind, total]) => ({ suffix: `{kind="${kind}"}`, value: total.seconds })),
      },
      {
        name: 'testament_gc_pauses_total',
        help: 'Pauses of the garbage collector since start, by kind of collection.',
        type: 'counter',
        samples: Object.entries(app.gcPauses.totals).map(([kind, total]) => ({ suffix: `{kind="${kind}"}`, value: total.count })),
      },
      { name: 'testament_gc_longest_pause_seconds', help: 'The longest pause of the garbage collector since start.', type: 'gauge', samples: [{ value: app.gcPauses.longestSeconds }] },
      { name: 'process_resident_memory_bytes', help: 'Resident set size.', type: 'gauge', samples: [{ value: memory.rss }] },
      { name: 'nodejs_heap_size_used_bytes', help: 'V8 heap in use.', type: 'gauge', samples: [{ value: memory.heapUsed }] },
      {
        name: 'testament_http_requests_total',
        help: 'Requests answered, by status class.',
        type: 'counter',
        samples: STATUS_CLASSES.map((statusClass) => ({ suffix: `{class="${statusClass}"}`, value: answered[statusClass]! })),
      },
      {
        name: 'testament_http_requests_abandoned_total',
        help: 'Requests whose client left before the answer.',
        type: 'counter',
        samples: [{ value: app.abandonedRequests }],
      },
      {
        name: 'testament_read_models_position',
        help: 'Log position the read models include.',
        type: 'gauge',
        samples: [{ value: system.progress.current }],
      },
      {
        name: 'testament_read_model_served',
        help: 'By read model: 1 when the copy served was folded by this code, 0 while an old copy serves and the new one is built.',
        type: 'gauge',
        samples: readModels.models.map(({ name, version, servedVersion }) => ({ suffix: `{model="${name}",version="${version}",served_version="${servedVersion ?? ''}"}`, value: servedVersion === version ? 1 : 0 })),
      },
      {
        name: 'testament_read_models_build_position',
        help: 'Log position the read models being built beside the served copies include (absent when none is built).',
        type: 'gauge',
        samples: readModels.building ? [{ suffix: `{generation="${readModels.building.generation}"}`, value: readModels.building.position }] : [],
      },
      {
        name: 'testament_event_store_head_position',
        help: 'Position of the last event in the log.',
        type: 'gauge',
        samples: [{ value: await system.store.headPosition() }],
      },
      {
        name: 'testament_write_waits',
        help: 'Requests waiting for the read models to include their writes.',
        type: 'gauge',
        samples: [{ value: system.progress.waiting }],
      },
    ];
    if ((request.query as { reset?: string }).reset === '1') delay.reset();
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(exposition(metrics));
  });
});
