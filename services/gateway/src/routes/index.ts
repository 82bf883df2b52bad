import { foldersDeclaring } from '@testament/infra';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context.ts';

const ROUTES_DIR = new URL('./', import.meta.url);

export type ResourceRoutes = FastifyPluginAsync<GatewayContext>;

/**
 * Every folder here is one resource, named as in every other layer, whose
 * `routes.ts` exports its routes plugin as default: a new resource is a new
 * folder, with no list to edit. Route order does not matter (the router picks
 * the most specific path), so folders come alphabetically.
 *
 * The modules are imported here, before the app is built, so that Fastify's
 * plugins only register routes: importing them (which tsx also compiles) inside a
 * plugin ran under Fastify's plugin timeout, and on a busy machine a start failed
 * with "Plugin did not start in time: 'resourceRoutes'".
 */
export async function loadResourceRoutes(): Promise<ResourceRoutes[]> {
  const resources = foldersDeclaring(ROUTES_DIR, 'routes.ts');
  return Promise.all(
    resources.map(async (resource) => {
      // A relative template, so the server's bundle (services/gateway/src/server-bundle.ts) holds every folder's routes.
      const module = (await import(`./${resource}/routes.ts`)) as { default?: ResourceRoutes };
      if (typeof module.default !== 'function') throw new Error(`routes/${resource}/routes.ts must export its routes plugin as default`);
      return module.default;
    }),
  );
}
