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
