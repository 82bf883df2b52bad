import { z } from 'zod';
import { booleanField } from './fields.ts';
import { routeSet } from './route.ts';
import { userConfigResponse, userResponse } from './users.ts';
import { messages } from '../messages.ts';

export const loginBody = z.object({
  username: z.string({ error: messages.required }).min(1, messages.blank),
  password: z.string({ error: messages.required }).min(1, messages.blank),
  remember_me: booleanField.optional().default(false),
});
export type LoginBody = z.output<typeof loginBody>;

/** 12 hours, or a year with Remember me (§2.2). */
export const SESSION_TTL_MS = 12 * 3_600_000;
export const REMEMBERED_SESSION_TTL_MS = 365 * 24 * 3_600_000;

/** The answer of login and logout; `details`, plural, as TestY writes it. */
export const authResultResponse = z.strictObject({ details: z.string() });

/** `GET /auth/csrf/`: the token the cookie also carries, for clients that cannot read cookies. */
export const csrfResponse = z.strictObject({ csrftoken: z.string() });

/**
 * `GET /auth/session/`: who is signed in and their UI config, or nulls; never a 401, so an
 * anonymous visit logs no failed request. One answer, so the app starts after one round trip.
 */
export const sessionResponse = z.strictObject({ user: userResponse.nullable(), config: userConfigResponse.nullable() });

/** Browser session login and logout (§2.2): not under /api; every one answers callers who are not signed in too. */
export const authRoutes = routeSet('auth', {
  login: {
    method: 'POST',
    path: '/auth/login/',
    summary: 'Sign in: sets the session cookie and a new CSRF token',
    body: loginBody,
    response: { 200: authResultResponse },
    public: true,
  },
  logout: {
    method: 'POST',
    path: '/auth/logout/',
    summary: 'Sign out: ends the session and clears the cookies',
    response: { 200: authResultResponse },
    public: true,
  },
  csrf: {
    method: 'GET',
    path: '/auth/csrf/',
    summary: 'A CSRF cookie, and its token in the body',
    response: { 200: csrfResponse },
    public: true,
  },
  session: {
    method: 'GET',
    path: '/auth/session/',
    summary: 'Who is signed in and their UI config, or nulls (never 401)',
    response: { 200: sessionResponse },
    public: true,
  },
});
