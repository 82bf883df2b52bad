import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Aborted when the client disconnects before its answer is sent. (Fastify's
     * own `request.signal` also aborts as soon as the body has been read.)
     */
    cancellation: AbortSignal;
  }
}

/** True once the client has gone before its answer was sent. */
export function clientGone(request: FastifyRequest): boolean {
  return request.cancellation.aborted;
}

/** Stops a handler between two steps when nobody is waiting for the answer any more. */
export function throwIfAborted(request: FastifyRequest): void {
  request.cancellation.throwIfAborted();
}

/**
 * Gives every request its `cancellation` signal: waits end, no new command is
 * sent, and the error handler answers nothing (`clientGone`). Registered
 * before every other hook, so that each of them can rely on it.
 */
export const cancellationPlugin = fp(async (app: FastifyInstance) => {
  // Set by the first hook of every request, below.
  app.decorateRequest('cancellation', null as unknown as AbortSignal);
  app.addHook('onRequest', async (request, reply) => {
    const controller = new AbortController();
    request.cancellation = controller.signal;
    // The response closes once it has been sent, or earlier when the connection goes.
    reply.raw.once('close', () => {
      if (!reply.sent) controller.abort();
    });
  });
  // Reading the body and authenticating take time of their own: a client that left meanwhile gets no handler run.
  app.addHook('preHandler', async (request) => throwIfAborted(request));
});
