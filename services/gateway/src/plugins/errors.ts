import { NotFoundError, PermissionDeniedError, ValidationError, messages } from '@testament/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NotAuthenticatedError, NotYetVisibleError } from '../http/errors.ts';

/** One place that turns every failure into the API's error shapes (§2.5); never a bare 500 for bad input. */
export const errorPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ValidationError) return reply.code(400).send(error.fields);
    if (error instanceof NotAuthenticatedError) {
      return reply.code(401).header('WWW-Authenticate', 'Token realm="api"').send({ detail: error.message });
    }
    if (error instanceof PermissionDeniedError) return reply.code(403).send({ detail: error.message });
    if (error instanceof NotFoundError) return reply.code(404).send({ detail: error.message });
    if (error instanceof NotYetVisibleError) return reply.code(503).header('Retry-After', '1').send({ detail: error.message });
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(400).send({ errors: [messages.fileTooLarge(5)] });
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ detail: error.message });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, unsupported media types and other client mistakes reported by Fastify itself.
      return reply.code(error.statusCode).send({ errors: [error.message] });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error.' });
  });
});
