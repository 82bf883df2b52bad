import { apiRootRoutes } from '@testament/contracts';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { serve } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';

/** A resource's list: a GET of `/api/v2/<name>/`, one segment deep. */
const RESOURCE_LIST = /^\/api\/v2\/([a-z][a-z-]*)\/$/;

type Paths = Record<string, Record<string, { tags?: string[] }>>;

/**
 * The resources' names, alphabetically, read from the OpenAPI document, which
 * lists every route there is (a route without a contract stops the server), so
 * a new resource shows here with nothing to edit. The document itself is no resource.
 */
export function resourceNames(paths: Paths): string[] {
  return Object.entries(paths)
    .flatMap(([path, operations]) => {
      const name = RESOURCE_LIST.exec(path)?.[1];
      const list = operations.get;
      return name && list && !list.tags?.includes('schema') ? [name] : [];
    })
    .sort();
}

/** `GET /api/v2/`: DRF's router root, each resource's name with the absolute URL of its list. */
export default async function serveApiRoot(app: FastifyInstance, _context: GatewayContext) {
  let names: string[] | undefined;

  serve(app, apiRootRoutes.root, async (request) => {
    requireUser(request);
    names ??= resourceNames((app.swagger() as { paths?: Paths }).paths ?? {});
    const origin = ownOrigin(request);
    return Object.fromEntries(names.map((name) => [name, `${origin}/api/v2/${name}/`]));
  });
}
