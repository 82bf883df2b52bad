import type { FastifyReply } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';

/** 256 random bits; only its sha256 is ever stored. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function sessionHash(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

export function newCsrfToken(): string {
  return randomBytes(32).toString('hex');
}

export function setSessionCookie(reply: FastifyReply, sessionId: string, maxAgeMs: number, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, sessionId, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: Math.floor(maxAgeMs / 1000) });
}

/** Readable by the page's JavaScript, which echoes it as X-CSRFToken (§2.3). */
export function setCsrfCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(CSRF_COOKIE, token, { path: '/', httpOnly: false, sameSite: 'lax', secure, maxAge: 365 * 24 * 3600 });
}

export function clearAuthCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(CSRF_COOKIE, { path: '/' });
}
