import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { readdirSync } from 'node:fs';
import type { GatewayContext } from '../context.ts';

const ROUTES_DIR = new URL('./', import.meta.url);

/**
 * Every folder here is one resource, named as in every other layer, whose
 * `routes.ts` exports its routes plugin as default: a new resource is a new
 * folder, with no list to edit. Route order does not matter (the router picks
 * the most specific path), so folders register alphabetically.
 */
export async function resourceRoutes(app: FastifyInstance, context: GatewayContext): Promise<void> {
  const resources = readdirSync(ROUTES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const resource of resources) {
    const module = (await import(new URL(`./${resource}/routes.ts`, ROUTES_DIR).href)) as { default?: FastifyPluginAsync<GatewayContext> };
    if (typeof module.default !== 'function') throw new Error(`routes/${resource}/routes.ts must export its routes plugin as default`);
    await app.register(module.default, context);
  }
}
