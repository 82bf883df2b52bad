import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods some route answers at this concrete path (`/api/v2/users/7/`); empty when no route has it. */
    allowedMethods(path: string): string[];
  }
}

/** A route's path as a pattern: `:id(^\d+)` keeps its own pattern, `:name` is one segment, `*` the rest. */
function pathPattern(url: string): RegExp {
  const source = url
    .split(/(:\w+(?:\([^)]*\))?|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      const parameter = /^:\w+(?:\((.*)\))?$/.exec(part);
      if (parameter) return parameter[1] ? `(?:${parameter[1].replace(/^\^/, '').replace(/\$$/, '')})` : '[^/]+';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * A path that exists with other methods answers 405 with `Allow`, as DRF does
 * (`GET /auth/logout/`, and soon `PATCH cases/{id}/`), not 404. The not-found
 * handler asks `allowedMethods` (routes/client/routes.ts).
 */
export const methodNotAllowedPlugin = fp(async (app: FastifyInstance) => {
  const routes: Array<{ pattern: RegExp; methods: string[] }> = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = ([] as string[]).concat(route.method);
    routes.push({ pattern: pathPattern(route.url), methods });
  });
  app.decorate('allowedMethods', (path: string) => {
    const allowed = new Set<string>();
    for (const route of routes) if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
    return [...allowed].sort();
  });
});
