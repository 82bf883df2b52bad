import type { FastifyReply } from 'fastify';

/** Some endpoints answer with a bare JSON string (K11); Fastify would send a plain string as text. */
export function sendJsonString(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(text));
}
