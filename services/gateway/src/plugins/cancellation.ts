import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Aborted when the client disconnects before its answer is sent. (Fastify's
     * own `request.signal` also aborts as soon as the body has been read.)
     * Made at its first use: most requests never wait on it.
     */
    readonly cancellation: AbortSignal;
    /** Set when the client went before its answer was sent. */
    clientLeft: boolean;
    /** The controller behind `cancellation`, once something asked for it. */
    cancellationController: AbortController | null;
  }
  interface FastifyInstance {
    /** Requests whose client went before the answer was sent, since start (`GET /metrics`). */
    readonly abandonedRequests: number;
  }
}

/** True once the client has gone before its answer was sent. */
export function clientGone(request: FastifyRequest): boolean {
  return request.clientLeft;
}

/** Stops a handler between two steps when nobody is waiting for the answer any more. */
export function throwIfAborted(request: FastifyRequest): void {
  if (request.clientLeft) request.cancellation.throwIfAborted();
}

/**
 * Gives every request its `cancellation` signal: waits end, no new command is
 * sent, and the error handler answers nothing (`clientGone`). Registered
 * before every other hook, so that each of them can rely on it. The signal is
 * made only for a request that asks for it (a write waiting for the read
 * models, a long export): one per request, with the listener that counted it,
 * was an event target and two maps that a heap profile of the mixed load found
 * among what outlived young collections (about a seventh of it).
 */
export const cancellationPlugin = fp(async (app: FastifyInstance) => {
  let abandoned = 0;
  app.decorate('abandonedRequests', { getter: () => abandoned });
  app.decorateRequest('clientLeft', false);
  app.decorateRequest('cancellationController', null);
  app.decorateRequest('cancellation', {
    getter(this: FastifyRequest) {
      if (!this.cancellationController) {
        this.cancellationController = new AbortController();
        if (this.clientLeft) this.cancellationController.abort();
      }
      return this.cancellationController.signal;
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    // The response closes once it has been sent, or earlier when the connection goes.
    reply.raw.once('close', () => {
      if (reply.sent) return;
      request.clientLeft = true;
      abandoned++;
      request.cancellationController?.abort();
    });
  });
  // Reading the body and authenticating take time of their own: a client that left meanwhile gets no handler run.
  app.addHook('preHandler', async (request) => throwIfAborted(request));
});
