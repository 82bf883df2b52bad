import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayContext } from '../context.ts';
import { READ_POSITION_HEADER } from '@testament/contracts';

/**
 * Third-party plugins: CORS, cookies, multipart bodies, websockets. CORS answers
 * only the origins in `TESTAMENT_TRUSTED_ORIGINS` (a browser app served from
 * another origin, as TestY deployments do in development): that exact origin,
 * with credentials and the CSRF header; any other origin gets no CORS headers.
 */
export const externalPlugins = fp(async (app: FastifyInstance, { config }: GatewayContext) => {
  await app.register(cors, {
    origin: (origin, allow) => allow(null, origin !== undefined && config.trustedOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'X-CSRFToken', 'Authorization', 'Idempotency-Key', 'X-Correlation-Id', 'If-Match'],
    // A case's version, for `If-Match` on its next edit; the position an answer was read at, for the live channel.
    exposedHeaders: ['ETag', READ_POSITION_HEADER],
    maxAge: 600,
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 50 } });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
});
