import { NotFoundError } from '@testament/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Path parameters named `id` or `…Id` hold ids; written with leading zeros they name nothing. */
const ID_PARAMETER = /(^id|Id)$/;
const LEADING_ZERO = /^0\d/;

/** `users/00001/` is not an alias of `users/1/` (as in TestY): 404, for every route with an id in its path. */
export const canonicalIdsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const params = request.params as Record<string, string> | undefined;
    for (const name in params) if (ID_PARAMETER.test(name) && LEADING_ZERO.test(params[name]!)) throw new NotFoundError();
  });
});
