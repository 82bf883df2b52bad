import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readFileSync } from 'node:fs';

/** No request may hold the event loop longer than this in one stretch. */
const STALL_MS = 50;
/** The watchdog's timer is due this often and runs late by as long as the loop was held. */
const TICK_MS = 10;

/** Linux's account of this (main) thread: nanoseconds run on a CPU and waited for one. */
const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;

/** How long the main thread has run and waited to run, in ms; undefined where the system does not say (not Linux). */
function threadTimes(): { ranMs: number; waitedMs: number } | undefined {
  try {
    const [ran, waited] = readFileSync(SCHEDSTAT, 'utf8').split(' ').map(Number);
    return { ranMs: ran! / 1e6, waitedMs: waited! / 1e6 };
  } catch {
    return undefined;
  }
}

const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? '(no route)'}`;

/**
 * Warns when the event loop was held longer than STALL_MS, naming the routes
 * that were in flight: those still running, and those that finished since
 * the last tick (a handler that blocks ends before any timer can run), and
 * how much of the stall the garbage collector held (`gcMs`, `gc`: its kinds)
 * and, on Linux, how much of it the thread ran (`ranMs`) and waited for a CPU
 * the machine gave to others (`waitedMs`), so that a stall no request caused says so.
 *
 * It measures its own timer's lateness rather than reading
 * monitorEventLoopDelay (which /metrics exposes), because resetting that
 * histogram after each look drops the next sample and a stall with it.
 */
export const watchdogPlugin = fp(async (app: FastifyInstance) => {
  const inFlight = new Set<FastifyRequest>();
  const finishedSinceTick = new Set<string>();
  app.addHook('onRequest', async (request, reply) => {
    if (request.ws) return; // A websocket lives on after its upgrade request.
    inFlight.add(request);
    reply.raw.once('close', () => {
      inFlight.delete(request);
      finishedSinceTick.add(routeOf(request));
    });
  });

  let lastTick = performance.now();
  let lastTimes = threadTimes();
  const timer = setInterval(() => {
    const now = performance.now();
    const stalledMs = now - lastTick - TICK_MS;
    const from = lastTick;
    const [before, after] = [lastTimes, threadTimes()];
    lastTick = now;
    lastTimes = after;
    if (stalledMs > STALL_MS) {
      const routes = [...new Set([...finishedSinceTick, ...[...inFlight].map(routeOf)])];
      const thread =
        before && after ? { ranMs: Math.round(after.ranMs - before.ranMs), waitedMs: Math.round(after.waitedMs - before.waitedMs) } : {};
      // The collector's report of a pause arrives in the turn after it.
      setImmediate(() => {
        const gc = app.gcPauses.within(from, now);
        app.log.warn({ stalledMs: Math.round(stalledMs), routes, gcMs: gc.ms, gc: gc.kinds, ...thread }, 'the event loop was blocked');
      });
    }
    finishedSinceTick.clear();
  }, TICK_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
