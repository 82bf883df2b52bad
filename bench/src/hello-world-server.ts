import Fastify from 'fastify';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Baseline (c): the least a Fastify server does per request, started like ours
 * (node --import tsx) and reporting the same gauges in the same format.
 */
const RESOLUTION_MS = 10;
const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
delay.enable();
// As the real server reports it: a sample spans one resolution interval that is not delay.
const delaySeconds = (nanoseconds: number) => Math.max(0, nanoseconds / 1e9 - RESOLUTION_MS / 1000);

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get('/healthz', async () => ({ status: 'ok' }));
// The real server's format and names; `?reset=1` starts a new event-loop delay window after answering.
app.get('/metrics', async (request, reply) => {
  const body = [
    '# TYPE testament_event_loop_delay_seconds summary',
    `testament_event_loop_delay_seconds{quantile="0.99"} ${delaySeconds(delay.percentile(99))}`,
    '# TYPE process_resident_memory_bytes gauge',
    `process_resident_memory_bytes ${process.memoryUsage().rss}`,
  ];
  if ((request.query as { reset?: string }).reset === '1') delay.reset();
  return reply.type('text/plain; version=0.0.4').send(`${body.join('\n')}\n`);
});

const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`hello world listening on ${address}`);
