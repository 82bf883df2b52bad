import { ConflictError, NotFoundError, PermissionDeniedError, StaleVersionError, ValidationError, messages } from '@testament/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BusRequestError } from '@testament/infra';
import { setEntityTag } from '../http/conditional.ts';
import { NotAuthenticatedError, notReadableYet, NotYetVisibleError, ThrottledError, UriTooLongError } from '../http/errors.ts';
import { commandSaved } from '../http/execute.ts';
import { clientGone } from './cancellation.ts';

const MB = 1024 * 1024;

/** A command a gateway could not hand to the command service, or got no answer for in time. */
function commandServiceUnavailable(code: BusRequestError['code']): string {
  return code === 'no_responders'
    ? 'The command service is not available; nothing was changed. Retry in a moment.'
    : 'The command service did not answer in time; the change may have been made. Repeat the request with the same Idempotency-Key.';
}

function notYetVisible(reply: FastifyReply, detail: string): FastifyReply {
  return reply.code(503).header('Retry-After', '1').send({ detail });
}

/** One place that turns every failure into the API's error shapes (§2.5); never a bare 500 for bad input. */
export const errorPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (clientGone(request)) {
      // Nobody is left to answer, and the failure is most likely the cancellation itself.
      request.log.debug({ err: error }, 'request abandoned by the client');
      reply.hijack();
      return;
    }
    if (error instanceof ValidationError) return reply.code(400).send(error.fields);
    if (error instanceof NotAuthenticatedError) {
      return reply.code(401).header('WWW-Authenticate', 'Token realm="api"').send({ detail: error.message });
    }
    if (error instanceof PermissionDeniedError) return reply.code(403).send({ detail: error.message });
    if (error instanceof NotFoundError && commandSaved(request)) return notYetVisible(reply, notReadableYet);
    if (error instanceof NotFoundError) return reply.code(404).send({ detail: error.message });
    if (error instanceof StaleVersionError) {
      return setEntityTag(reply.code(409), error.versionTag).send({ detail: error.message, current_version: error.currentVersion });
    }
    if (error instanceof ConflictError) return reply.code(409).send({ detail: error.message });
    if (error instanceof UriTooLongError) return reply.code(414).send({ detail: error.message });
    if (error instanceof ThrottledError) {
      return reply.code(429).header('Retry-After', String(error.retryAfterSeconds)).send({ detail: error.message });
    }
    if (error instanceof NotYetVisibleError) return notYetVisible(reply, error.message);
    if (error instanceof BusRequestError && error.code !== 'handler_error')
      return reply
        .code(503)
        .header('Retry-After', '1')
        .send({ detail: commandServiceUnavailable(error.code) });
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(400).send({ errors: [messages.fileTooLarge(5)] });
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ detail: messages.bodyTooLarge(request.routeOptions.bodyLimit / MB) });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, unsupported media types and other client mistakes reported by Fastify itself.
      return reply.code(error.statusCode).send({ errors: [error.message] });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error.' });
  });
});

/** Fastify's `frameworkErrors`: what the router refuses before any route runs, in the API's shapes. */
export function answerRoutingError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(414).send({ detail: messages.pathParameterTooLong });
  return reply.code(400).send({ errors: [error.message] });
}
