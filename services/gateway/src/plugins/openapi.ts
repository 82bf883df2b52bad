import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { errorResponse, schemaRoutes } from '@testament/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { GatewayContext } from '../context.ts';
import { jsonSchemaOf, SIGNED_IN, serve } from '../http/route-schema.ts';

export const OPENAPI_PATH = schemaRoutes.document.path;
export const DOCS_PATH = '/api/v2/docs';

/** Errors every operation may answer (§2.5), added to the document rather than to each route. */
const ERROR_STATUSES: Record<string, string> = {
  '400': 'Invalid input: field errors, or a list of errors',
  '401': 'Not signed in, or an invalid API token',
  '403': 'Not allowed',
  '404': 'Not found, or not visible to the caller',
  '429': 'Too many writes; see Retry-After',
};

type Operation = { responses?: Record<string, unknown> };

function withErrorResponses(document: Record<string, unknown>) {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  const error = { $ref: '#/components/schemas/Error' };
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      operation.responses ??= {};
      for (const [status, description] of Object.entries(ERROR_STATUSES)) {
        operation.responses[status] ??= { description, content: { 'application/json': { schema: error } } };
      }
    }
  }
  return document;
}

/**
 * The wire contract as OpenAPI 3.1, made from the routes' `contracts/` schemas
 * (http/route-schema.ts) and served at `/api/v2/schema/`, browsable at
 * `/api/v2/docs/`. A route registered without its contract stops the server at
 * start, so the document covers every route there is.
 *
 * Bodies and queries are parsed by the handlers with the same schemas, so
 * Fastify's own validation is switched off; responses are serialized by their
 * schemas, and with `checkResponses` (the API tests) every answer is held to
 * its schema first, strictly: a property the contract does not name fails.
 */
export const openApiPlugin = fp(async (app: FastifyInstance, { config }: GatewayContext) => {
  app.setValidatorCompiler(() => () => true);

  app.addHook('onRoute', (route: RouteOptions) => {
    if ((route.schema as { hide?: boolean } | undefined)?.hide) return;
    if (!route.config?.declaredAs) {
      throw new Error(
        `${String(route.method)} ${route.url} has no contract: declare it in contracts/src/api/<resource>.ts and serve it with serve()`,
      );
    }
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Testament API',
        version: '2.1',
        description:
          'The /api/v2 wire contract (TestY 2.1 compatible). Sign in with the session cookie ' +
          '(and the X-CSRFToken header on writes), or send `Authorization: Token <key>`.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Token <key>`' },
        },
        schemas: { Error: jsonSchemaOf(errorResponse, 'output') as never },
      },
      security: SIGNED_IN,
    },
    transformObject: (document) =>
      'openapiObject' in document
        ? (withErrorResponses(document.openapiObject as Record<string, unknown>) as never)
        : document.swaggerObject,
  });

  // The document as it is, not through a serializer made from its own one-line schema.
  serve(app, schemaRoutes.document, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(JSON.stringify(app.swagger())),
  );
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PATH, uiConfig: { url: OPENAPI_PATH, deepLinking: true } });

  if (config.checkResponses) {
    app.addHook('preSerialization', async (request, reply, payload) => {
      const schema = request.routeOptions.config.responses?.[reply.statusCode];
      if (!schema) return payload;
      const checked = schema.safeParse(payload);
      if (!checked.success) {
        throw new Error(
          `${request.method} ${request.routeOptions.url} answered ${reply.statusCode} ` +
            `outside its contract:\n${z.prettifyError(checked.error)}`,
        );
      }
      return payload;
    });
  }
});
