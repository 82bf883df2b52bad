import type { WebsocketHandler } from '@fastify/websocket';
import { tokenScopeOf, type DeclaredRoute, type RawAnswer } from '@testament/contracts';
import type { FastifyContextConfig, FastifyInstance, FastifySchema, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The response schemas by status, kept as zod so the API tests can hold every answer to them (plugins/openapi.ts). */
    responses?: Record<number, z.ZodType>;
    /**
     * Set on every route whose contract is not `public`: authentication refuses an anonymous
     * caller with 401 as soon as the request comes, before its body or query is read (plugins/authentication.ts).
     */
    signInRequired?: boolean;
    /** The declaration in `contracts/` a route is served under (`plans.retrieve`): set by `serve`, required at start. */
    declaredAs?: string;
  }
}

/** How callers authenticate (the OpenAPI document's security schemes): the session cookie, or an API token header. */
export const SIGNED_IN: Array<Record<string, string[]>> = [{ session: [] }, { token: [] }];
/** A public operation's security in the OpenAPI document: anonymous (`{}`), or signed in either way. */
const ANYONE: Array<Record<string, string[]>> = [{}, ...SIGNED_IN];

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

/** Fastify's options for a route under its contract: the OpenAPI schema, and the zod answers the API tests hold every answer to. */
function routeOptions(contract: DeclaredRoute, config: FastifyContextConfig): RouteShorthandOptions {
  const isPublic = contract.public === true;
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
  const tokenScope = tokenScopeOf(contract);
  const schema: FastifySchema & Record<string, unknown> = { tags: [contract.resource], summary: contract.summary, response };
  if (isPublic) schema.security = ANYONE;
  // What an API token needs to call it: documented as an extension, as OpenAPI scopes belong to OAuth.
  else schema['x-token-scope'] = tokenScope;
  if (contract.description) schema.description = contract.description;
  if (contract.querystring) schema.querystring = jsonSchemaOf(contract.querystring, 'input');
  if (contract.headers) schema.headers = jsonSchemaOf(contract.headers, 'input');
  if (contract.body) schema.body = jsonSchemaOf(contract.body, 'input');
  if (contract.multipart) schema.consumes = ['application/json', 'multipart/form-data'];
  return {
    schema,
    config: {
      ...config,
      responses,
      signInRequired: !isPublic,
      tokenScope,
      declaredAs: `${contract.resource}.${contract.name}`,
    },
  };
}

/**
 * Serves a route declared in `contracts/` (`serve(app, planRoutes.retrieve, handler)`): its method, path and schemas
 * come from the declaration. Handlers still parse bodies and queries with the same schemas, so refusals come in the
 * API's error shapes and in the order the spec gives (an anonymous caller's 401 first, then a hidden project's 404
 * before its body's 400). A route is for signed-in callers unless its contract says `public: true`.
 */
export function serve(app: FastifyInstance, route: DeclaredRoute, handler: RouteHandlerMethod, config: FastifyContextConfig = {}): void {
  app.route({ method: route.method, url: route.path, ...routeOptions(route, config), handler });
}

/**
 * A WebSocket route under its contract (answer `101`). `websocket: true` would make @fastify/websocket hide the
 * route from the docs, so the socket handler goes in as `wsHandler` and a plain GET gets the empty 404 that plugin gives.
 */
export function serveSocket(
  app: FastifyInstance,
  route: DeclaredRoute,
  wsHandler: WebsocketHandler,
  config: FastifyContextConfig = {},
): void {
  app.route({
    method: 'GET',
    url: route.path,
    ...routeOptions(route, config),
    handler: async (_request, reply) => reply.code(404).send(),
    wsHandler,
  });
}
