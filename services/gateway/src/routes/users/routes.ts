import {
  REMEMBERED_SESSION_TTL_MS,
  SESSION_TTL_MS,
  changePasswordBody,
  messages,
  parseOrThrow,
  profilePatchBody,
  userConfigPatchBody,
} from '@testament/contracts';
import { findActiveSession, findUser } from '@testament/projections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { newCsrfToken, newSessionId, sessionHash, setCsrfCookie, setSessionCookie } from '../../http/session-cookies.ts';
import { ownOrigin, requirePrincipal, requireUser } from '../../plugins/authentication.ts';
import { sendJsonString } from '../../http/replies.ts';
import { userRepresentation } from './representation.ts';

/** The caller's own account: profile (D1), UI config, password. */
export async function userRoutes(app: FastifyInstance, context: GatewayContext) {
  const { system, config } = context;
  const freshUser = async (request: FastifyRequest) => (await findUser(system.readStore, requireUser(request)._id))!;

  app.get('/api/v2/users/me/', async (request) => userRepresentation(requireUser(request), ownOrigin(request)));

  app.patch('/api/v2/users/me/', async (request) => {
    const user = requireUser(request);
    const body = parseOrThrow(profilePatchBody, request.body ?? {});
    await execute(context, request, 'changeProfile', {
      userId: user._id,
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
    });
    return userRepresentation(await freshUser(request), ownOrigin(request));
  });

  app.get('/api/v2/users/me/config/', async (request) => requireUser(request).config);

  app.patch('/api/v2/users/me/config/', async (request) => {
    const user = requireUser(request);
    const patch = parseOrThrow(userConfigPatchBody, request.body ?? {});
    await execute(context, request, 'changeConfig', { userId: user._id, patch });
    return (await freshUser(request)).config;
  });

  /** Ends every session of the user and re-establishes the caller's with fresh cookies (§2.2). */
  app.post('/api/v2/users/change-password/', async (request, reply) => {
    const principal = requirePrincipal(request);
    const { password } = parseOrThrow(changePasswordBody, request.body ?? {});
    const current = await findActiveSession(system.readStore, principal.sessionHash, new Date());
    const rememberMe = current?.rememberMe ?? false;
    const ttl = rememberMe ? REMEMBERED_SESSION_TTL_MS : SESSION_TTL_MS;
    const sessionId = newSessionId();
    await execute(context, request, 'changePassword', {
      userId: principal.user._id,
      password,
      newSessionHash: sessionHash(sessionId),
      expiresAt: new Date(Date.now() + ttl).toISOString(),
      rememberMe,
    });
    setSessionCookie(reply, sessionId, ttl, config.secureCookies);
    setCsrfCookie(reply, newCsrfToken(), config.secureCookies);
    return sendJsonString(reply, messages.passwordChanged);
  });
}
