import type { Actor } from '@testament/commands';
import { messages, PermissionDeniedError, tokenMessages, type TokenScope } from '@testament/contracts';
import { findApiToken } from '@testament/projections/api-tokens/queries';
import { findSession, isSessionActive } from '@testament/projections/sessions/queries';
import { findUser } from '@testament/projections/users/queries';
import type { UserDocument } from '@testament/projections/users/user-document';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import type { GatewayContext } from '../context.ts';
import { apiTokenHash, tokenFromHeader } from '../http/api-tokens.ts';
import { NotAuthenticatedError } from '../http/errors.ts';
import { CSRF_COOKIE, SESSION_COOKIE, newCsrfToken, sessionHash, setCsrfCookie } from '../http/session-cookies.ts';

/**
 * The signed-in user as this request may act. An API token narrows its user: without the `admin` scope an
 * administrator acts as an ordinary user, and a token kept to one project sees and changes no other (`onlyProjectId`,
 * which every visibility check and every command's actor carry).
 */
export type Caller = UserDocument & { readonly onlyProjectId?: number };

/** Who is calling, and how they proved it: a session cookie (CSRF applies) or an API token header (it does not). */
export type Principal =
  | {
      via: 'session';
      user: Caller;
      /** sha256 of the session id. */
      sessionHash: string;
    }
  | {
      via: 'token';
      user: Caller;
      /** sha256 of the API token's key. */
      tokenHash: string;
      /** How URLs and the audit trail name the token. */
      tokenId: string;
      scopes: readonly TokenScope[];
    };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** The CSRF token the client holds after this response. */
    csrfToken: string;
  }
  interface FastifyContextConfig {
    /** Cookie-establishing routes (login) check CSRF even without a session. */
    csrf?: boolean;
    /** The scope an API token needs for the route, from its contract (route-schema.ts). */
    tokenScope?: TokenScope;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The caller as the command side knows an actor: with the one project a token may be kept to. */
export function actorOf(caller: Caller): Actor {
  return { userId: caller._id, isSuperuser: caller.isSuperuser, isExternal: caller.isExternal, onlyProjectId: caller.onlyProjectId };
}

export function requireUser(request: FastifyRequest): Caller {
  if (!request.principal) throw new NotAuthenticatedError();
  return request.principal.user;
}

/** Superuser-only actions: 401 when anonymous, 403 for everybody else. */
export function requireSuperuser(request: FastifyRequest, message?: string): Caller {
  const user = requireUser(request);
  if (!user.isSuperuser) throw new PermissionDeniedError(message);
  return user;
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new NotAuthenticatedError();
  return request.principal;
}

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The request's Origin (or Referer's origin) must be this server or a configured one (D3). */
export function originTrusted(request: FastifyRequest, trustedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
  if (!origin) return true; // Not a browser: the token check below still applies to cookies.
  return origin === ownOrigin(request) || trustedOrigins.includes(origin);
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

const usable = (user: UserDocument | null): user is UserDocument => user?.isActive === true && !user.isDeleted;

/**
 * `Authorization: Token <key>` (§2.2): a key that is unknown, revoked, expired
 * or whose user is inactive or deleted answers 401, even on public routes.
 */
async function tokenPrincipal({ system }: GatewayContext, key: string): Promise<Principal> {
  const tokenHash = apiTokenHash(key);
  const token = await findApiToken(system.readStore, tokenHash);
  if (!token) throw new NotAuthenticatedError(tokenMessages.invalidToken);
  if (token.expiresAt <= new Date().toISOString()) throw new NotAuthenticatedError(tokenMessages.expiredToken);
  const user = await findUser(system.readStore, token.userId);
  if (!usable(user)) throw new NotAuthenticatedError(tokenMessages.inactiveUser);
  const narrowed: Caller = {
    ...user,
    ...(token.scopes.includes('admin') ? {} : { isSuperuser: false, isStaff: false }),
    ...(token.projectId === null ? {} : { onlyProjectId: token.projectId }),
  };
  return { via: 'token', user: narrowed, tokenHash, tokenId: token.tokenId, scopes: token.scopes };
}

/** The session cookie's user, unless the session ended, expired, or was ended by a later password change, deactivation or deletion. */
async function sessionPrincipal({ system }: GatewayContext, sessionId: string): Promise<Principal | null> {
  const hash = sessionHash(sessionId);
  const session = await findSession(system.readStore, hash);
  const user = session ? await findUser(system.readStore, session.userId) : null;
  return session && usable(user) && isSessionActive(session, user, new Date()) ? { via: 'session', user, sessionHash: hash } : null;
}

/**
 * Resolves an API token header or the session cookie to a user, hands out the
 * CSRF cookie, refuses anonymous callers of routes that need a signed-in one
 * (every route with a contract but the `public` ones), and checks CSRF on
 * unsafe cookie-authenticated requests.
 */
export const authenticationPlugin = fp(async (app: FastifyInstance, context: GatewayContext) => {
  const { config } = context;
  app.decorateRequest('principal', null);
  app.decorateRequest('csrfToken', '');

  app.addHook('onRequest', async (request, reply) => {
    const tokenKey = tokenFromHeader(request.headers.authorization);
    const sessionId = request.cookies[SESSION_COOKIE];
    // A header a page cannot forge cross-site takes precedence over the cookie a browser sends by itself.
    if (tokenKey) request.principal = await tokenPrincipal(context, tokenKey);
    else if (sessionId) request.principal = await sessionPrincipal(context, sessionId);
    request.csrfToken = request.cookies[CSRF_COOKIE] ?? '';
    // Scripts using a token have no use for the cookie.
    if (!request.csrfToken && request.principal?.via !== 'token') {
      request.csrfToken = newCsrfToken();
      setCsrfCookie(reply, request.csrfToken, config.secureCookies);
    }
    // Before anything reads the body or the query: an anonymous caller learns nothing of a route's input rules.
    if (!request.principal && request.routeOptions.config?.signInRequired) throw new NotAuthenticatedError();
    // Every declared route names its scope (route-schema.ts); a public one (signing in, the banners) takes nothing of
    // the token's authority.
    const needed = request.routeOptions.config?.tokenScope;
    if (
      request.principal?.via === 'token' &&
      request.routeOptions.config?.signInRequired &&
      needed &&
      !request.principal.scopes.includes(needed)
    )
      throw new PermissionDeniedError(tokenMessages.outOfScope(needed));

    const cookieAuthenticated = request.principal?.via === 'session';
    const needsCsrf = UNSAFE.has(request.method) && (cookieAuthenticated || request.routeOptions.config?.csrf === true);
    if (!needsCsrf) return;
    if (!originTrusted(request, config.trustedOrigins)) throw new PermissionDeniedError(messages.originRejected);
    const header = request.headers['x-csrftoken'];
    if (!sameToken(request.cookies[CSRF_COOKIE], Array.isArray(header) ? header[0] : header)) {
      throw new PermissionDeniedError(messages.csrfFailed);
    }
  });
});
