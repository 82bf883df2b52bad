import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { GatewayContext } from './context.ts';
import { authenticationPlugin } from './plugins/authentication.ts';
import { cancellationPlugin } from './plugins/cancellation.ts';
import { answerRoutingError, errorPlugin } from './plugins/errors.ts';
import { externalPlugins } from './plugins/external.ts';
import { BODY_LIMIT_BYTES, MAX_PATH_PARAMETER_LENGTH, limitsPlugin } from './plugins/limits.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { turnsPlugin } from './plugins/turns.ts';
import { watchdogPlugin } from './plugins/watchdog.ts';
import { authRoutes } from './routes/auth/routes.ts';
import { clientRoutes } from './routes/client/routes.ts';
import { healthRoutes } from './routes/health/routes.ts';
import { liveRoutes } from './routes/live/routes.ts';
import { projectRoutes } from './routes/projects/routes.ts';
import { projectMemberRoutes } from './routes/project-members/routes.ts';
import { roleRoutes } from './routes/roles/routes.ts';
import { notificationRoutes } from './routes/notifications/routes.ts';
import { statusRoutes } from './routes/statuses/routes.ts';
import { labelRoutes } from './routes/labels/routes.ts';
import { parameterRoutes } from './routes/parameters/routes.ts';
import { customAttributeRoutes } from './routes/custom-attributes/routes.ts';
import { attachmentRoutes } from './routes/attachments/routes.ts';
import { systemRoutes } from './routes/system/routes.ts';
import { tokenRoutes } from './routes/tokens/routes.ts';
import { avatarRoutes } from './routes/users/avatar.ts';
import { userRoutes } from './routes/users/routes.ts';

/**
 * The gateway in three layers: external plugins (cookies, multipart,
 * websockets), the app's own cross-cutting plugins (errors, limits, the
 * event-loop watchdog, authentication and CSRF, rate limits, metrics), then
 * one route module per resource. Hooks run in registration order: every
 * request first gets its cancellation signal, then waits for its turn
 * (turns.ts), and cheap refusals come before authentication's reads.
 */
export async function buildApp(context: GatewayContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: context.config.logLevel },
    trustProxy: context.config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreDuplicateSlashes: true, maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    frameworkErrors: answerRoutingError,
  });

  await app.register(cancellationPlugin);
  await app.register(turnsPlugin);
  await app.register(externalPlugins);
  await app.register(errorPlugin);
  await app.register(limitsPlugin);
  await app.register(watchdogPlugin);
  await app.register(authenticationPlugin, context);
  await app.register(rateLimitPlugin, context);
  await app.register(metricsPlugin, context);

  await app.register(healthRoutes, context);
  await app.register(authRoutes, context);
  await app.register(userRoutes, context);
  await app.register(avatarRoutes, context);
  await app.register(tokenRoutes, context);
  await app.register(systemRoutes, context);
  await app.register(projectRoutes, context);
  await app.register(projectMemberRoutes, context);
  await app.register(roleRoutes, context);
  await app.register(notificationRoutes, context);
  await app.register(statusRoutes, context);
  await app.register(labelRoutes, context);
  await app.register(parameterRoutes, context);
  await app.register(customAttributeRoutes, context);
  await app.register(attachmentRoutes, context);
  await app.register(liveRoutes, context);
  await app.register(clientRoutes, context);
  return app;
}
