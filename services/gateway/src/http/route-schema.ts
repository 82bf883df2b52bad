import type { WebsocketHandler } from '@fastify/websocket';
import type { FastifyContextConfig, FastifySchema, RouteOptions, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';

/** An answer that is not JSON (a file, an image, a socket upgrade): described for the docs only. */
export interface RawAnswer {
  description: string;
  content?: Record<string, { schema: object }>;
}

/** What a route takes and answers, in `contracts/` schemas: the OpenAPI document, the serializer and the tests' check all come from it. */
export interface RouteContract {
  summary: string;
  description?: string;
  querystring?: z.ZodType;
  /** Request headers the handler reads (documented only: handlers read them themselves). */
  headers?: z.ZodType;
  body?: z.ZodType;
  /** The body may also come as multipart/form-data (fields as text, plus files). */
  multipart?: boolean;
  response: Record<number, z.ZodType | RawAnswer>;
  /** Headers an answer carries, by status: name → what it says (documented only). */
  responseHeaders?: Record<number, Record<string, string>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The response schemas by status, kept as zod so the API tests can hold every answer to them (plugins/openapi.ts). */
    responses?: Record<number, z.ZodType>;
    /** Answers callers who are not signed in too: signing in, the CSRF cookie, health, the banners. */
    public?: boolean;
    /**
     * Set on every route with a contract that is not `public`: authentication refuses an anonymous
     * caller with 401 as soon as the request comes, before its body or query is read (plugins/authentication.ts).
     */
    signInRequired?: boolean;
  }
}

/** How callers authenticate (the OpenAPI document's security schemes): the session cookie, or an API token header. */
export const SIGNED_IN: Array<Record<string, string[]>> = [{ session: [] }, { token: [] }];
/** A public operation's security in the OpenAPI document: anonymous (`{}`), or signed in either way. */
export const ANYONE: Array<Record<string, string[]>> = [{}, ...SIGNED_IN];

/** A file download, e.g. `file('image/png', 'image/jpeg')`. */
export function file(description: string, ...mediaTypes: string[]): RawAnswer {
  const binary = { schema: { type: 'string', format: 'binary' } };
  return { description, content: Object.fromEntries((mediaTypes.length ? mediaTypes : ['application/octet-stream']).map((type) => [type, binary])) };
}

export const noContent: RawAnswer = { description: 'No content' };

/**
 * A WebSocket route under its contract (answer `101`). `websocket: true` would
 * make @fastify/websocket hide the route from the docs, so the socket handler
 * goes in as `wsHandler` and a plain GET gets the empty 404 that plugin gives.
 */
export function webSocketRoute(url: string, options: RouteShorthandOptions, wsHandler: WebsocketHandler): RouteOptions {
  return { method: 'GET', url, ...options, handler: async (_request, reply) => reply.code(404).send(), wsHandler };
}

const converted = new WeakMap<z.ZodType, Record<'input' | 'output', object | undefined>>();

/** JSON Schema (2020-12, as OpenAPI 3.1 uses) of a zod schema; what JSON cannot say (transforms, refinements) is left open. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): object {
  const cached = converted.get(schema) ?? { input: undefined, output: undefined };
  if (!cached[io]) {
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
    cached[io] = json;
    converted.set(schema, cached);
  }
  return cached[io];
}

const isZod = (answer: z.ZodType | RawAnswer): answer is z.ZodType => answer instanceof z.ZodType;

/**
 * Route options for one resource's routes: `const contract = routeContracts('projects')`,
 * then `app.get(path, contract({summary, response: {200: projectResponse}}), handler)`.
 * Handlers still parse bodies and queries with the same schemas, so refusals come
 * in the API's error shapes and in the order the spec gives (an anonymous caller's
 * 401 first, then a hidden project's 404 before its body's 400). A route is for
 * signed-in callers unless its config says `public: true`.
 */
export function routeContracts(resource: string) {
  return (contract: RouteContract, config: FastifyContextConfig = {}): RouteShorthandOptions => {
    const responses: Record<number, z.ZodType> = {};
    const response: Record<number, object> = {};
    for (const [status, answer] of Object.entries(contract.response)) {
      if (isZod(answer)) {
        responses[Number(status)] = answer;
        response[Number(status)] = { description: contract.summary, ...jsonSchemaOf(answer, 'output') };
      } else response[Number(status)] = answer;
      const headers = contract.responseHeaders?.[Number(status)];
      if (headers) {
        const described = Object.fromEntries(Object.entries(headers).map(([name, description]) => [name, { type: 'string', description }]));
        response[Number(status)] = { ...response[Number(status)], headers: described };
      }
    }
    const schema: FastifySchema & Record<string, unknown> = { tags: [resource], summary: contract.summary, response };
    if (config.public) schema['security'] = ANYONE;
    if (contract.description) schema['description'] = contract.description;
    if (contract.querystring) schema.querystring = jsonSchemaOf(contract.querystring, 'input');
    if (contract.headers) schema.headers = jsonSchemaOf(contract.headers, 'input');
    if (contract.body) schema.body = jsonSchemaOf(contract.body, 'input');
    if (contract.multipart) schema['consumes'] = ['application/json', 'multipart/form-data'];
    return { schema, config: { ...config, responses, signInRequired: !config.public } };
  };
}
