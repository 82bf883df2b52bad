import { READ_POSITION_HEADER } from '@testament/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayContext } from '../context.ts';

/**
 * Every answer names the read models' position it was read at (READ_POSITION_HEADER), taken when the
 * request comes, so it is never later than what the answer shows: the live channel's `changedSince`
 * then tells a screen the changes its answer may have missed.
 */
export const readPositionPlugin = fp(async (app: FastifyInstance, { system }: GatewayContext) => {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header(READ_POSITION_HEADER, system.progress.current);
    done();
  });
});
