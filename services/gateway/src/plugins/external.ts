import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Third-party plugins: cookies, multipart bodies, websockets. */
export const externalPlugins = fp(async (app: FastifyInstance) => {
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 50 } });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
});
