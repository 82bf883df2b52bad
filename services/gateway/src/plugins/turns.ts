import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Requests started per turn: one turn each costs a tenth of the throughput on
 * a 2-core VM (a poll per request); four keep a probe's wait to a few
 * milliseconds and the throughput of no turns at all.
 */
const PER_TURN = 4;

/** Answered at once, never queued: what a load balancer or an orchestrator probes. */
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * Requests take turns: a few start their work in each event-loop turn, and
 * the loop reads the sockets between two turns. Under load, 30 requests that
 * arrive together then no longer run as one long stretch: a request that
 * arrives meanwhile is read after a few requests' work, and probes, which
 * skip the queue, are answered then. Order is kept (first come, first
 * started); the work itself is the same.
 */
export const turnsPlugin = fp(async (app: FastifyInstance) => {
  const waiting: Array<() => void> = [];
  let scheduled = false;

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    // An immediate queued from an immediate runs on the next turn, after the loop has polled the sockets.
    setImmediate(startNext);
  };
  const startNext = () => {
    scheduled = false;
    const starting = waiting.splice(0, PER_TURN);
    if (waiting.length > 0) schedule();
    for (const start of starting) start();
  };

  app.addHook('onRequest', (request, _reply, done) => {
    if (PROBES.has(request.routeOptions.url ?? '')) return done();
    waiting.push(done);
    schedule();
  });
});
