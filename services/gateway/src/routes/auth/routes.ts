import { newCommandMeta, SYSTEM_ACTOR } from '@testament/commands';
import { REMEMBERED_SESSION_TTL_MS, SESSION_TTL_MS, authRoutes, loginBody, messages, parseOrThrow } from '@testament/contracts';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { waitUntilReadable } from '../../http/execute.ts';
import { throttledSignIn } from '../../http/login-throttle.ts';
import { serve } from '../../http/route-schema.ts';
import { ownOrigin } from '../../plugins/authentication.ts';
import { userRepresentation } from '../../representations/users.ts';
import { clearAuthCookies, newCsrfToken, newSessionId, sessionHash, setCsrfCookie, setSessionCookie } from '../../http/session-cookies.ts';

/** Browser session login and logout (§2.2): not under /api. */
export default async function serveAuth(app: FastifyInstance, context: GatewayContext) {
  const { system, config } = context;

  serve(
    app,
    authRoutes.login,
    async (request, reply) => {
      const { username, password, remember_me } = parseOrThrow(loginBody, request.body ?? {});
      const ttl = remember_me ? REMEMBERED_SESSION_TTL_MS : SESSION_TTL_MS;
      const sessionId = newSessionId();
      // Login rotates the caller's valid session; a stale cookie names nothing left to end.
      const replaced = request.principal?.via === 'session' ? request.principal.sessionHash : undefined;
      const actor = request.principal
        ? {
            userId: request.principal.user._id,
            isSuperuser: request.principal.user.isSuperuser,
            isExternal: request.principal.user.isExternal,
          }
        : SYSTEM_ACTOR;
      const { position } = await throttledSignIn(request, username, () =>
        system.dispatch(
          'sessions.logIn',
          {
            username,
            password,
            sessionHash: sessionHash(sessionId),
            expiresAt: new Date(Date.now() + ttl).toISOString(),
            rememberMe: remember_me,
            ...(replaced ? { replacesSessionHash: replaced } : {}),
          },
          newCommandMeta(actor, { correlationId: request.id }),
        ),
      );
      await waitUntilReadable(system, config, position);
      setSessionCookie(reply, sessionId, ttl, config.secureCookies);
      setCsrfCookie(reply, newCsrfToken(), config.secureCookies); // Login rotates the CSRF token.
      return { details: messages.loggedIn };
    },
    { csrf: true },
  );

  serve(
    app,
    authRoutes.logout,
    async (request, reply) => {
      const principal = request.principal;
      if (principal?.via === 'session') {
        const { position } = await system.dispatch(
          'sessions.logOut',
          { userId: principal.user._id, sessionHash: principal.sessionHash },
          newCommandMeta(
            { userId: principal.user._id, isSuperuser: principal.user.isSuperuser, isExternal: principal.user.isExternal },
            { correlationId: request.id },
          ),
        );
        await waitUntilReadable(system, config, position);
      }
      clearAuthCookies(reply);
      return { details: messages.loggedOut };
    },
    { csrf: true },
  );

  /** Hands out a CSRF cookie before the first form post; the token is also in the body for non-browser clients. */
  serve(app, authRoutes.csrf, async (request) => ({ csrftoken: request.csrfToken }));

  serve(app, authRoutes.session, async (request) => {
    const user = request.principal?.user;
    return user ? { user: userRepresentation(user, ownOrigin(request)), config: user.config } : { user: null, config: null };
  });
}
