import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { turnsPlugin } from './turns.ts';
import { holdEventLoop } from '../testing/hold-event-loop.ts';

const REQUESTS = 30;
const WORK_MS = 5;

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/**
 * 30 requests that each hold the loop arrive together; the first sends a probe.
 * Returns how many of them had started when the probe was answered, and their order.
 */
async function probeAmongBusyRequests(withTurns: boolean) {
  app = Fastify();
  if (withTurns) await app.register(turnsPlugin);
  const started: number[] = [];
  let startedBeforeProbe = -1;
  let probe: Promise<Response> | undefined;
  app.get('/healthz', async () => {
    startedBeforeProbe = started.length;
    return { status: 'ok' };
  });
  app.get('/work/:n', async (request) => {
    started.push(Number((request.params as { n: string }).n));
    if (started.length === 1) probe = fetch(`${url}/healthz`);
    holdEventLoop(WORK_MS);
    return { done: true };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  // Every connection open first, so that the requests arrive together.
  const agents = await Promise.all(Array.from({ length: REQUESTS }, () => fetch(`${url}/healthz`)));
  expect(agents.every((response) => response.ok)).toBe(true);
  started.length = 0;
  await Promise.all(Array.from({ length: REQUESTS }, (_, n) => fetch(`${url}/work/${n}`)));
  expect((await probe!).status).toBe(200);
  return { startedBeforeProbe, started };
}

describe('request turns', () => {
  it('answers a probe after a few requests of work, not after all that arrived before it', async () => {
    const { startedBeforeProbe, started } = await probeAmongBusyRequests(true);
    expect(startedBeforeProbe).toBeGreaterThan(0);
    expect(startedBeforeProbe).toBeLessThanOrEqual(12);
    expect(started).toHaveLength(REQUESTS);
  });

  it('is what makes the difference: without turns the probe waits for every request', async () => {
    const { startedBeforeProbe } = await probeAmongBusyRequests(false);
    expect(startedBeforeProbe).toBeGreaterThan(20);
  });
});
