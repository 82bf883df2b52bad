import fastifyStatic from '@fastify/static';
import { messages } from '@testament/contracts';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { GatewayContext } from '../../context.ts';

/** Vite's output folder: every file in it is named by a hash of its contents, so a copy never goes stale. */
const HASHED_ASSETS = 'assets';

/**
 * A browser keeps the app's hashed files without asking again: revalidating the 90-odd chunks of a screen
 * over six HTTP/1.1 connections took 300–400 ms of every navigation. The other files (index.html, the
 * icon) are asked again each time, so a new build reaches every browser at its next visit.
 */
function cacheFor(filePath: string, clientDir: string): string {
  return filePath.startsWith(join(clientDir, HASHED_ASSETS, sep)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Paths that belong to the server, never to the browser app's router (§2.1). */
const SERVER_PREFIXES = ['/api/', '/auth/', '/ws/', '/attachments/', '/avatars/', '/healthz', '/readyz'];

/**
 * Serves the built browser app, and its index.html for every client route so
 * reloads work (§2.3). Unknown server paths answer the API's 404.
 */
export default async function serveClient(app: FastifyInstance, { config }: GatewayContext) {
  const hasClient = existsSync(join(config.clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (response, filePath) => response.setHeader('Cache-Control', cacheFor(filePath, config.clientDir)),
    });
  } else app.log.warn(`no client at ${config.clientDir}: only the API is served`);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = app.allowedMethods(path);
    if (allowed.length > 0 && SERVER_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      return reply
        .code(405)
        .header('Allow', allowed.join(', '))
        .send({ detail: messages.methodNotAllowed(request.method) });
    }
    // A chunk of an older build (a tab open across an upgrade) is missing, not a page: index.html would be run as a script.
    if (!hasClient || request.method !== 'GET' || [...SERVER_PREFIXES, `/${HASHED_ASSETS}/`].some((prefix) => path.startsWith(prefix))) {
      return reply.code(404).send({ detail: messages.notFound });
    }
    const asset = path.slice(1);
    if (asset && existsSync(join(config.clientDir, asset)) && !asset.includes('..')) return reply.sendFile(asset);
    return reply.sendFile('index.html');
  });
}
