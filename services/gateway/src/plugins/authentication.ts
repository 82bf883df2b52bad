import { messages, PermissionDeniedError } from '@testament/contracts';
import { findActiveSession, findUser, type UserDocument } from '@testament/projections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import type { GatewayContext } from '../context.ts';
import { NotAuthenticatedError } from '../http/errors.ts';
import { CSRF_COOKIE, SESSION_COOKIE, newCsrfToken, sessionHash, setCsrfCookie } from '../http/session-cookies.ts';

export interface Principal {
  user: UserDocument;
  /** sha256 of the session id when the request came with a session cookie. */
  sessionHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** The CSRF token the client holds after this response. */
    csrfToken: string;
  }
  interface FastifyContextConfig {
    /** Cookie-establishing routes (login) check CSRF even without a session. */
    csrf?: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function requireUser(request: FastifyRequest): UserDocument {
  if (!request.principal) throw new NotAuthenticatedError();
  return request.principal.user;
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

/** Resolves the session cookie to a user, hands out the CSRF cookie, and checks CSRF on unsafe requests. */
export const authenticationPlugin = fp(async (app: FastifyInstance, { system, config }: GatewayContext) => {
  app.decorateRequest('principal', null);
  app.decorateRequest('csrfToken', '');

  app.addHook('onRequest', async (request, reply) => {
    const sessionId = request.cookies[SESSION_COOKIE];
    if (sessionId) {
      const hash = sessionHash(sessionId);
      const session = await findActiveSession(system.readStore, hash, new Date());
      const user = session ? await findUser(system.readStore, session.userId) : null;
      if (user?.isActive) request.principal = { user, sessionHash: hash };
    }
    request.csrfToken = request.cookies[CSRF_COOKIE] ?? '';
    if (!request.csrfToken) {
      request.csrfToken = newCsrfToken();
      setCsrfCookie(reply, request.csrfToken, config.secureCookies);
    }

    const needsCsrf = UNSAFE.has(request.method) && (request.principal !== null || request.routeOptions.config?.csrf === true);
    if (!needsCsrf) return;
    if (!originTrusted(request, config.trustedOrigins)) throw new PermissionDeniedError(messages.originRejected);
    const header = request.headers['x-csrftoken'];
    if (!sameToken(request.cookies[CSRF_COOKIE], Array.isArray(header) ? header[0] : header)) {
      throw new PermissionDeniedError(messages.csrfFailed);
    }
  });
});
