import { READ_POSITION_HEADER } from '@testament/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayContext } from '../context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The read models' position when the request came: whatever it reads includes at least that much. */
    readPosition: number;
  }
}

/**
 * Every answer names the read models' position it was read at (READ_POSITION_HEADER), taken when the
 * request came, so it is never later than what the answer shows: the live channel's `changedSince`
 * then tells a screen the changes its answer may have missed.
 */
export const readPositionPlugin = fp(async (app: FastifyInstance, { system }: GatewayContext) => {
  app.decorateRequest('readPosition', 0);
  app.addHook('onRequest', async (request) => {
    request.readPosition = system.progress.current;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header(READ_POSITION_HEADER, request.readPosition);
  });
});
