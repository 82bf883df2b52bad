import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { GatewayContext } from './context.ts';
import { authenticationPlugin } from './plugins/authentication.ts';
import { errorPlugin } from './plugins/errors.ts';
import { externalPlugins } from './plugins/external.ts';
import { authRoutes } from './routes/auth/routes.ts';
import { clientRoutes } from './routes/client/routes.ts';
import { healthRoutes } from './routes/health/routes.ts';
import { liveRoutes } from './routes/live/routes.ts';
import { projectRoutes } from './routes/projects/routes.ts';
import { userRoutes } from './routes/users/routes.ts';

/**
 * The gateway in three layers: external plugins (cookies, multipart,
 * websockets), the app's own cross-cutting plugins (errors, authentication,
 * CSRF), then one route module per resource.
 */
export async function buildApp(context: GatewayContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: context.config.logLevel },
    trustProxy: context.config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreDuplicateSlashes: true },
  });

  await app.register(externalPlugins);
  await app.register(errorPlugin);
  await app.register(authenticationPlugin, context);

  await app.register(healthRoutes, context);
  await app.register(authRoutes, context);
  await app.register(userRoutes, context);
  await app.register(projectRoutes, context);
  await app.register(liveRoutes, context);
  await app.register(clientRoutes, context);
  return app;
}
