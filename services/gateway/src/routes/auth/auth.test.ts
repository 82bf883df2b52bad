import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('login and sessions', () => {
  it('logs in with the seeded admin and sets an HttpOnly session and a readable, rotated CSRF cookie', async () => {
    const browser = server.browser();
    await browser.get('/auth/csrf/');
    const tokenBefore = browser.cookies.get('csrftoken');
    const response = await browser.login('admin', ADMIN_PASSWORD);
    expect(response.json()).toEqual({ details: 'logged in successfully' });
    const session = response.cookies.find((c) => c.name === 'sessionid')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(session.maxAge).toBe(12 * 3600);
    const csrf = response.cookies.find((c) => c.name === 'csrftoken')!;
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf.value).not.toBe(tokenBefore);
    expect((await browser.get('/api/v2/users/me/')).json()).toMatchObject({ username: 'admin', is_superuser: true });
  });

  it(
    'says who is signed in with their config, or nulls for nobody, ' + 'without a 401 (an anonymous visit logs no failed request)',
    async () => {
      const browser = server.browser();
      const anonymous = await browser.get('/auth/session/');
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json()).toEqual({ user: null, config: null });
      await browser.login('admin', ADMIN_PASSWORD);
      await browser.patch('/api/v2/users/me/config/', { ui: { is_open_sidebar: false } });
      const signedIn = (await browser.get('/auth/session/')).json();
      expect(signedIn.user).toMatchObject({ id: 1, username: 'admin', is_superuser: true });
      expect(signedIn.config).toEqual((await browser.get('/api/v2/users/me/config/')).json());
      expect(signedIn.config).toMatchObject({ ui: { is_open_sidebar: false } });
    },
  );

  it('keeps a remembered session for a year', async () => {
    const response = await server.browser().login('admin', ADMIN_PASSWORD, true);
    expect(response.cookies.find((c) => c.name === 'sessionid')!.maxAge).toBe(365 * 24 * 3600);
  });

  it('answers bad credentials with 400 and the reference message, for unknown users too', async () => {
    const browser = server.browser();
    for (const [username, password] of [
      ['admin', 'wrong'],
      ['nobody', 'whatever'],
    ]) {
      const response = await browser.post('/auth/login/', { username, password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: ['Unable to log in with provided credentials.'] });
    }
    const missing = await browser.post('/auth/login/', { username: '' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(expect.arrayContaining(['username', 'password']));
  });

  it('refuses a login without the CSRF token, or from a foreign origin', async () => {
    const browser = server.browser();
    await browser.get('/auth/csrf/');
    const noHeader = await browser.post('/auth/login/', { username: 'admin', password: ADMIN_PASSWORD }, { 'x-csrftoken': 'forged' });
    expect(noHeader.statusCode).toBe(403);
    browser.origin = 'http://evil.example';
    const foreign = await browser.post('/auth/login/', { username: 'admin', password: ADMIN_PASSWORD });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().detail).toMatch(/Origin/);
  });

  it('answers anonymous API calls with 401 and WWW-Authenticate, never 403', async () => {
    const browser = server.browser();
    for (const [method, url] of [
      ['GET', '/api/v2/users/me/'],
      ['GET', '/api/v2/projects/'],
      ['POST', '/api/v2/projects/'],
    ] as const) {
      const response = await browser.request(method, url, method === 'POST' ? { name: 'x' } : undefined);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBeTruthy();
      expect(response.json()).toHaveProperty('detail');
    }
  });

  it('checks CSRF on every cookie-authenticated unsafe request', async () => {
    const browser = await server.signedIn('admin');
    const forged = await browser.post('/api/v2/projects/', { name: 'Forged' }, { 'x-csrftoken': 'nope' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().detail).toMatch(/CSRF/);
    const list = await browser.get('/api/v2/projects/?name=Forged');
    expect(list.json().count).toBe(0);
  });

  it('revokes the session on logout and clears both cookies', async () => {
    const browser = await server.signedIn('admin');
    const session = browser.cookies.get('sessionid')!;
    const response = await browser.post('/auth/logout/');
    expect(response.json()).toEqual({ details: 'logged out successfully' });
    expect(browser.cookies.has('sessionid')).toBe(false);
    expect(browser.cookies.has('csrftoken')).toBe(false);
    const replay = await server.app.inject({ method: 'GET', url: '/api/v2/users/me/', headers: { cookie: `sessionid=${session}` } });
    expect(replay.statusCode).toBe(401);
  });

  it('rotates the session id on login: the old id stops working', async () => {
    const browser = await server.signedIn('admin');
    const first = browser.cookies.get('sessionid')!;
    await browser.login('admin', ADMIN_PASSWORD);
    expect(browser.cookies.get('sessionid')).not.toBe(first);
    const old = await server.app.inject({ method: 'GET', url: '/api/v2/users/me/', headers: { cookie: `sessionid=${first}` } });
    expect(old.statusCode).toBe(401);
  });

  it('keeps the sessions a deactivation ended ended once the user is reactivated; a new login works', async () => {
    const userId = await server.createUser('returner', ADMIN_PASSWORD);
    const admin = await server.signedIn('admin');
    const before = server.browser();
    await before.login('returner', ADMIN_PASSWORD);
    await admin.patch(`/api/v2/users/${userId}/`, { is_active: false });
    await admin.patch(`/api/v2/users/${userId}/`, { is_active: true });
    expect((await before.get('/api/v2/users/me/')).statusCode).toBe(401);
    const after = server.browser();
    await after.login('returner', ADMIN_PASSWORD);
    expect((await after.get('/api/v2/users/me/')).json()).toMatchObject({ username: 'returner' });
  });

  it('answers health and readiness', async () => {
    expect((await server.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await server.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', building: null });
  });
});
