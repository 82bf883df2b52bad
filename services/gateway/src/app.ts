import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { GatewayContext } from './context.ts';
import { authenticationPlugin } from './plugins/authentication.ts';
import { cancellationPlugin } from './plugins/cancellation.ts';
import { canonicalIdsPlugin } from './plugins/canonical-ids.ts';
import { parseQueryString } from './http/query-string.ts';
import { answerRoutingError, errorPlugin } from './plugins/errors.ts';
import { externalPlugins } from './plugins/external.ts';
import { gcPausesPlugin } from './plugins/gc-pauses.ts';
import { BODY_LIMIT_BYTES, MAX_PATH_PARAMETER_LENGTH, limitsPlugin } from './plugins/limits.ts';
import { methodNotAllowedPlugin } from './plugins/method-not-allowed.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { loginThrottlePlugin, rateLimitPlugin } from './plugins/rate-limit.ts';
import { readPositionPlugin } from './plugins/read-position.ts';
import { turnsPlugin } from './plugins/turns.ts';
import { watchdogPlugin } from './plugins/watchdog.ts';
import { loadResourceRoutes, type ResourceRoutes } from './routes/index.ts';

/**
 * The gateway in three layers: external plugins (cookies, multipart,
 * websockets), the app's own cross-cutting plugins (errors, limits, the
 * event-loop watchdog, authentication and CSRF, rate limits, metrics), then
 * one route module per resource (a folder in routes/, found by convention, imported
 * before the app is built so that no plugin does more than register). Hooks run in registration order: every
 * request first gets its cancellation signal, then waits for its turn
 * (turns.ts), and cheap refusals come before authentication's reads.
 */
export async function buildApp(
  context: GatewayContext,
  routesLoading: Promise<ResourceRoutes[]> = loadResourceRoutes(),
): Promise<FastifyInstance> {
  const resourceRoutes = await routesLoading;
  const app = Fastify({
    pluginTimeout: context.config.pluginTimeoutMs,
    logger: { level: context.config.logLevel },
    trustProxy: context.config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreDuplicateSlashes: true, maxParamLength: MAX_PATH_PARAMETER_LENGTH, querystringParser: parseQueryString },
    frameworkErrors: answerRoutingError,
    schemaController: { compilersFactory: { buildSerializer: serializersCompiledOnFirstUse } },
  });

  await app.register(cancellationPlugin);
  await app.register(readPositionPlugin, context);
  await app.register(turnsPlugin);
  await app.register(externalPlugins, context);
  await app.register(errorPlugin);
  await app.register(limitsPlugin);
  await app.register(gcPausesPlugin);
  await app.register(watchdogPlugin);
  await app.register(authenticationPlugin, context);
  await app.register(rateLimitPlugin, context);
  await app.register(loginThrottlePlugin, context);
  await app.register(metricsPlugin, context);
  await app.register(openApiPlugin, context);
  await app.register(methodNotAllowedPlugin);
  await app.register(canonicalIdsPlugin);

  for (const routes of resourceRoutes) await app.register(routes, context);
  return app;
}

/**
 * Fastify's response serializers (fast-json-stringify), each compiled when its route first
 * answers with its status rather than all at start, where compiling one per route and
 * status took about half a second (0.45 s of a 1M-event cold start's 8.4) before the server listened.
 */
const serializersCompiledOnFirstUse: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: ((document: unknown) => string) | undefined;
    return (document) => {
      serialize ??= compile(route);
      return serialize(document);
    };
  };
};
