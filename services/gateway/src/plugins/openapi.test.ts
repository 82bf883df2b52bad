import * as contracts from '@testament/contracts';
import { isRouteSet, routeSet, routesOf } from '@testament/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { GatewayContext } from '../context.ts';
import { serve } from '../http/route-schema.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { DOCS_PATH, OPENAPI_PATH, openApiPlugin } from './openapi.ts';

type Operation = {
  summary?: string;
  tags?: string[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('the OpenAPI document', () => {
  let server: TestServer;
  let document: Document;
  beforeAll(async () => {
    server = await startTestServer();
    const response = await server.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(() => server.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]) => ({ path, method, operation })),
    );

  it('is OpenAPI 3.1, served to anyone, and every operation is a route the server has', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(operations().length).toBeGreaterThan(60);
    for (const { path, method, operation } of operations()) {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      expect(
        server.app.hasRoute({ method: method.toUpperCase() as 'GET', url }) || hasParametrisedRoute(server, method, path),
        `${method} ${path}`,
      ).toBe(true);
      expect(operation.summary, `${method} ${path}`).toBeTruthy();
      expect(operation.tags, `${method} ${path}`).toHaveLength(1);
      expect(
        Object.keys(operation.responses).some((status) => /^(2\d\d|101)$/.test(status)),
        `${method} ${path} answers nothing`,
      ).toBe(true);
      expect(operation.responses['404'], `${method} ${path}: the error shapes`).toBeDefined();
    }
  });

  it('serves every operation `contracts/` declares, under its summary: the typed client calls nothing the server lacks', () => {
    // Every export, as unknown: the guard picks the route sets out of the union of all the exports' types.
    const declared = (Object.values(contracts) as unknown[]).filter(isRouteSet).flatMap(routesOf);
    expect(declared.length).toBeGreaterThan(40);
    for (const route of declared) {
      expect(server.app.hasRoute({ method: route.method, url: route.path }), `${route.method} ${route.path}`).toBe(true);
      const documented = document.paths[route.path.replace(/:(\w+)(\([^/]*\))?/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(documented?.summary, `${route.method} ${route.path}`).toBe(route.summary);
      expect(documented?.tags, `${route.method} ${route.path}`).toEqual([route.resource]);
    }
  });

  it('describes answers with the contracts’ schemas', () => {
    const list = document.paths['/api/v2/projects/']!.get!.responses['200']!.content!['application/json']!.schema as {
      properties: { results: { items: { properties: Record<string, unknown>; required: string[] } } };
    };
    expect(Object.keys(list.properties.results.items.properties)).toEqual(
      expect.arrayContaining(['id', 'name', 'is_visible', 'settings', 'tests_count']),
    );
    expect(list.properties.results.items.required).toContain('settings');
    const create = document.paths['/api/v2/projects/']!.post!;
    expect(create.responses['201']).toBeDefined();
  });

  it('documents the case edit’s optimistic concurrency: If-Match in, ETag out, 409 with the current version', () => {
    type Described = {
      parameters: Array<{ in: string; name: string }>;
      responses: Record<
        string,
        { headers?: Record<string, unknown>; content?: Record<string, { schema: { properties: Record<string, unknown> } }> }
      >;
    };
    const edit = document.paths['/api/v2/cases/{id}/']!.put as unknown as Described;
    expect(edit.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'If-Match' }));
    expect(Object.keys(edit.responses['200']!.headers!)).toEqual(['ETag']);
    expect(Object.keys(edit.responses['409']!.headers!)).toEqual(['ETag']);
    expect(Object.keys(edit.responses['409']!.content!['application/json']!.schema.properties)).toEqual(['detail', 'current_version']);
    const read = document.paths['/api/v2/cases/{id}/']!.get as unknown as Described;
    expect(Object.keys(read.responses['200']!.headers!)).toEqual(['ETag']);
  });

  it('is browsable at /api/v2/docs/, pointing at the document', async () => {
    const page = await server.app.inject({ method: 'GET', url: `${DOCS_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const initializer = await server.app.inject({ method: 'GET', url: `${DOCS_PATH}/static/swagger-initializer.js` });
    expect(initializer.body).toContain(OPENAPI_PATH);
    const bundle = await server.app.inject({ method: 'GET', url: `${DOCS_PATH}/static/swagger-ui-bundle.js` });
    expect(bundle.statusCode).toBe(200);
  });
});

/**
 * Paths with regex parameters (`:id(^\d+)`) are registered under their pattern, which hasRoute needs
 * verbatim: whether the server has the route a contract declares at the document's path, with the patterns it declares.
 */
function hasParametrisedRoute(server: TestServer, method: string, path: string): boolean {
  const declared = (Object.values(contracts) as unknown[])
    .filter(isRouteSet)
    .flatMap(routesOf)
    .find((route) => route.method.toLowerCase() === method && route.path.replace(/:(\w+)(\([^/]*\))?/g, '{$1}') === path);
  return declared !== undefined && server.app.hasRoute({ method: declared.method, url: declared.path });
}

describe('route contracts', () => {
  const thing = z.strictObject({ name: z.string() });
  const thingRoutes = routeSet('things', {
    retrieve: { method: 'GET', path: '/api/v2/things/', summary: 'A thing', response: { 200: thing } },
  });

  async function appWith(checkResponses: boolean, register: (app: ReturnType<typeof Fastify>) => void) {
    const app = Fastify();
    await app.register(openApiPlugin, { config: { checkResponses } } as GatewayContext);
    register(app);
    await app.ready();
    return app;
  }

  it('stop the server at start when a route is not declared in contracts/, even with a schema of its own', async () => {
    await expect(appWith(false, (app) => app.get('/api/v2/things/', async () => ({ name: 'x' })))).rejects.toThrow(
      'GET /api/v2/things/ has no contract',
    );
    const described = { schema: { summary: 'A thing', response: { 200: { type: 'object' } } } };
    await expect(appWith(false, (app) => app.get('/api/v2/things/', described, async () => ({ name: 'x' })))).rejects.toThrow(
      'GET /api/v2/things/ has no contract',
    );
  });

  it('hold answers to the schema in tests, and serialize by it in production', async () => {
    const leaky = (app: ReturnType<typeof Fastify>) => serve(app, thingRoutes.retrieve, async () => ({ name: 'x', secret: 'y' }));
    const checked = await appWith(true, leaky);
    expect((await checked.inject({ url: '/api/v2/things/' })).statusCode).toBe(500);
    const production = await appWith(false, leaky);
    expect((await production.inject({ url: '/api/v2/things/' })).json()).toEqual({ name: 'x' });
  });
});
