import fastifyStatic from '@fastify/static';
import { messages } from '@testament/contracts';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayContext } from '../../context.ts';

/** Paths that belong to the server, never to the browser app's router (§2.1). */
const SERVER_PREFIXES = ['/api/', '/auth/', '/ws/', '/attachments/', '/avatars/', '/healthz', '/readyz'];

/**
 * Serves the built browser app, and its index.html for every client route so
 * reloads work (§2.3). Unknown server paths answer the API's 404.
 */
export default async function clientRoutes(app: FastifyInstance, { config }: GatewayContext) {
  const hasClient = existsSync(join(config.clientDir, 'index.html'));
  if (hasClient) await app.register(fastifyStatic, { root: config.clientDir, wildcard: false, index: false });
  else app.log.warn(`no client at ${config.clientDir}: only the API is served`);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = app.allowedMethods(path);
    if (allowed.length > 0 && SERVER_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      return reply.code(405).header('Allow', allowed.join(', ')).send({ detail: messages.methodNotAllowed(request.method) });
    }
    if (!hasClient || request.method !== 'GET' || SERVER_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      return reply.code(404).send({ detail: messages.notFound });
    }
    const asset = path.slice(1);
    if (asset && existsSync(join(config.clientDir, asset)) && !asset.includes('..')) return reply.sendFile(asset);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
